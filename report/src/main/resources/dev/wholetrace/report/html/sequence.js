// The synchronization as a message-sequence chart (HtmlReport's SyncChart data), drawn with ECharts:
// thread lines, sync operations, lock holdings, hand-over arrows and barrier chains; or, above the
// report's limit, one box per thread and bin of the order. x is the position in S_synch.
(function () {
  'use strict';
  var sync = JSON.parse(document.getElementById('wholetrace-data').textContent).sync;
  var el = document.getElementById('chart-sync');
  var threads = sync.threads.length;
  el.style.height = Math.min(900, Math.max(320, 90 + 32 * threads)) + 'px';
  var chart = echarts.init(el, null, { renderer: 'canvas' });
  window.addEventListener('resize', function () { chart.resize(); });

  var kindColours = { lock: '#5470c6', unlock: '#91a7e8', fork: '#3ba272', join: '#3ba272', begin: '#3ba272', end: '#3ba272',
    barrier: '#e8a33d', 'volatile-write': '#ee6666', 'volatile-read': '#f2a0a0' };
  function kindColour(k) { return kindColours[sync.kinds[k]] || '#9a60b4'; }
  // a lock's colour from its object number (a string: JavaScript's numbers cannot hold every long)
  function objectColour(o) {
    var h = 0;
    for (var i = 0; i < o.length; i++) h = (h * 31 + o.charCodeAt(i)) % 360;
    return 'hsl(' + h + ',60%,60%)';
  }
  // tooltips are HTML: every name from the trace is escaped
  function name(t) { return echarts.format.encodeHTML(sync.threads[t]); }
  function band(api) { return api.size([0, 1])[1]; }

  // a horizontal piece of a thread's track, from x0 to x1, `part` of the band high, cut to the plot area
  function piece(p, api, x0, x1, part, style) {
    var a = api.coord([x0, api.value(0)]), b = api.coord([x1, api.value(0)]);
    var h = Math.max(2, band(api) * part);
    var c = p.coordSys;
    var shape = echarts.graphic.clipRectByRect({ x: a[0], y: a[1] - h / 2, width: Math.max(1, b[0] - a[0]), height: h },
      { x: c.x, y: c.y, width: c.width, height: c.height });
    return shape && { type: 'rect', shape: shape, style: style };
  }

  var series = [];
  var tooltip = { trigger: 'item', confine: true };
  if (!sync.aggregated) {
    // each thread's line from its first to its last operation; its segments (with events) drawn darker
    var extent = {};
    sync.ops.forEach(function (o) {
      var e = extent[o[0]] || (extent[o[0]] = [o[1], o[1]]);
      e[1] = o[1];
    });
    var lines = Object.keys(extent).map(function (t) { return [+t, extent[t][0] + 0.5, extent[t][1] + 0.5]; });
    series.push({ type: 'custom', name: 'thread lines', itemStyle: { color: '#bbb' }, data: lines, encode: { x: [1, 2], y: 0 }, silent: true, z: 1,
      renderItem: function (p, api) { return piece(p, api, api.value(1), api.value(2), 0.04, { fill: '#bbb' }); } });
    series.push({ type: 'custom', name: 'segments', z: 2, itemStyle: { color: '#888' },
      data: sync.segments.map(function (s) { return [s[0], s[1] / 1000, s[2] / 1000, s[3]]; }), encode: { x: [1, 2], y: 0 },
      tooltip: { formatter: function (p) { return name(p.value[0]) + '<br>segment: ' + p.value[3] + ' events'; } },
      renderItem: function (p, api) { return piece(p, api, api.value(1), api.value(2), 0.06, { fill: '#888' }); } });
    series.push({ type: 'custom', name: 'locks held', z: 3, itemStyle: { color: '#c9a0dc' },
      data: sync.holds.map(function (h) { return [h[0], h[1] / 1000, h[2] / 1000, h[3]]; }), encode: { x: [1, 2], y: 0 },
      tooltip: { formatter: function (p) { return name(p.value[0]) + '<br>holds lock ' + p.value[3]; } },
      renderItem: function (p, api) { return piece(p, api, api.value(1), api.value(2), 0.45, { fill: objectColour(api.value(3)), opacity: 0.35 }); } });
    series.push({ type: 'scatter', name: 'sync operations', z: 5, symbolSize: 8, legendHoverLink: false,
      data: sync.ops.map(function (o) { return [o[1] + 0.5, o[0], o[2], o[3], o[4], o[1]]; }),
      itemStyle: { color: function (p) { return kindColour(p.value[2]); } },
      tooltip: { formatter: function (p) {
        var v = p.value;
        return name(v[1]) + '<br><b>' + sync.kinds[v[2]] + '</b> object ' + v[3] + '<br>' + echarts.format.encodeHTML(sync.sites[v[4]]) + '<br>order ' + v[5];
      } } });
    function arrows(barrier) {
      return sync.arrows.filter(function (a) { return a[4] === barrier; })
        .map(function (a) { return { coords: [[a[0] + 0.5, a[1]], [a[2] + 0.5, a[3]]], value: a }; });
    }
    series.push({ type: 'lines', name: 'hand-overs', coordinateSystem: 'cartesian2d', z: 4, clip: true, data: arrows(0),
      symbol: ['none', 'arrow'], symbolSize: 7, lineStyle: { color: '#2458b3', width: 1, opacity: 0.8 },
      tooltip: { formatter: function (p) { var a = p.data.value; return 'hand-over: ' + name(a[1]) + ' (order ' + a[0] + ') &rarr; ' + name(a[3]) + ' (order ' + a[2] + ')'; } } });
    series.push({ type: 'lines', name: 'barrier episodes', coordinateSystem: 'cartesian2d', z: 4, clip: true, data: arrows(1),
      symbol: ['none', 'arrow'], symbolSize: 6, lineStyle: { color: '#e8a33d', width: 1.5, type: 'dashed' },
      tooltip: { formatter: function (p) { var a = p.data.value; return 'barrier episode: ' + name(a[1]) + ' &rarr; ' + name(a[3]); } } });
  } else {
    var most = 1;
    sync.bins.forEach(function (b) { most = Math.max(most, b[3]); });
    series.push({ type: 'custom', name: 'sync operations (aggregated)',
      data: sync.bins, encode: { x: [1, 2], y: 0 },
      tooltip: { formatter: function (p) {
        var b = p.value;
        return name(b[0]) + '<br>order ' + b[1] + '&ndash;' + b[2] + '<br>' + b[3] + ' sync operations, ' + b[4] + ' events, ' + b[5] + ' hand-overs received';
      } },
      renderItem: function (p, api) {
        return piece(p, api, api.value(1), api.value(2) + 1, 0.6, { fill: '#5470c6', opacity: 0.15 + 0.85 * api.value(3) / most });
      } });
  }

  var zoom = [{ type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter' },
    { type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter', height: 18, bottom: 8 }];
  if (!sync.aggregated && sync.operations > 400) { zoom[0].startValue = zoom[1].startValue = 0; zoom[0].endValue = zoom[1].endValue = 300; }
  if (threads > 24) zoom.push({ type: 'slider', yAxisIndex: 0, filterMode: 'weakFilter', width: 14, right: 4, startValue: 0, endValue: 23 });

  chart.setOption({
    animation: false,
    tooltip: tooltip,
    legend: { top: 0 },
    grid: { left: 170, right: 30, top: 30, bottom: 60 },
    xAxis: { type: 'value', min: 0, max: Math.max(1, sync.operations), name: 'position in the sync order (S_synch)', nameLocation: 'middle', nameGap: 22 },
    yAxis: { type: 'category', data: sync.threads, inverse: true, splitLine: { show: false } },
    dataZoom: zoom,
    series: series
  });
  el.setAttribute('data-drawn', 'true');
  el.setAttribute('data-operations', String(sync.aggregated ? sync.bins.length : sync.ops.length));
  el.setAttribute('data-arrows', String(sync.arrows.length));
})();
