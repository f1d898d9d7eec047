// The synchronization as a message-sequence chart (HtmlReport's SyncChart data), drawn with ECharts:
// thread lines, sync operations, lock holdings, hand-over arrows and barrier chains; or, above the
// report's limit, one box per thread and bin of the order. x is the position in S_synch, or, when the
// trace has a clock and the reader asks for it, the time since the recording started.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('wholetrace-data').textContent);
  var sync = data.sync, file = data.file;
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

  // the clock along the order: [order, µs] samples; between them, time is linear in the order
  var along = sync.clock.along;
  function interpolate(x, from, to) {
    if (along.length === 0) return x;
    var lo = 0, hi = along.length - 1;
    if (x <= along[0][from]) return along[0][to];
    if (x >= along[hi][from]) return along[hi][to];
    while (hi - lo > 1) {
      var mid = (lo + hi) >> 1;
      if (along[mid][from] <= x) lo = mid; else hi = mid;
    }
    var a = along[lo], b = along[hi];
    return b[from] === a[from] ? a[to] : a[to] + (x - a[from]) * (b[to] - a[to]) / (b[from] - a[from]);
  }
  function msOfPosition(x) { return interpolate(x, 0, 1) / 1000; }
  function positionOfMs(ms) { return interpolate(ms * 1000, 1, 0); }
  function at(order) { return along.length ? '<br>at \u2248 ' + msOfPosition(order + 0.5).toFixed(3) + ' ms' : ''; }

  // a horizontal piece of a thread's track, from x0 to x1, `part` of the band high, cut to the plot area
  function piece(p, api, x0, x1, part, style) {
    var a = api.coord([x0, api.value(0)]), b = api.coord([x1, api.value(0)]);
    var h = Math.max(2, band(api) * part);
    var c = p.coordSys;
    var shape = echarts.graphic.clipRectByRect({ x: a[0], y: a[1] - h / 2, width: Math.max(1, b[0] - a[0]), height: h },
      { x: c.x, y: c.y, width: c.width, height: c.height });
    return shape && { type: 'rect', shape: shape, style: style };
  }

  // the series with every x put through X (the order itself, or its time)
  function series(X) {
    var out = [];
    if (sync.aggregated) {
      var most = 1;
      sync.bins.forEach(function (b) { most = Math.max(most, b[3]); });
      out.push({ type: 'custom', name: 'sync operations (aggregated)', encode: { x: [1, 2], y: 0 },
        data: sync.bins.map(function (b) { return [b[0], X(b[1]), X(b[2] + 1), b[3], b[4], b[5], b[1], b[2]]; }),
        tooltip: { formatter: function (p) {
          var b = p.value;
          return name(b[0]) + '<br>order ' + b[6] + '&ndash;' + b[7] + at(b[6]) + '<br>' + b[3] + ' sync operations, ' + b[4] + ' events, '
            + b[5] + ' hand-overs received<br>one by one: <code>wholetrace report ' + echarts.format.encodeHTML(file) + ' --from ' + b[6]
            + ' --to ' + b[7] + '</code>';
        } },
        renderItem: function (p, api) {
          return piece(p, api, api.value(1), api.value(2), 0.6, { fill: '#5470c6', opacity: 0.15 + 0.85 * api.value(3) / most });
        } });
      return out;
    }
    // each thread's line from its first to its last operation; its segments (with events) drawn darker
    var extent = {};
    sync.ops.forEach(function (o) {
      var e = extent[o[0]] || (extent[o[0]] = [o[1], o[1]]);
      e[1] = o[1];
    });
    out.push({ type: 'custom', name: 'thread lines', itemStyle: { color: '#bbb' }, silent: true, z: 1, encode: { x: [1, 2], y: 0 },
      data: Object.keys(extent).map(function (t) { return [+t, X(extent[t][0] + 0.5), X(extent[t][1] + 0.5)]; }),
      renderItem: function (p, api) { return piece(p, api, api.value(1), api.value(2), 0.04, { fill: '#bbb' }); } });
    out.push({ type: 'custom', name: 'segments', z: 2, itemStyle: { color: '#888' }, encode: { x: [1, 2], y: 0 },
      data: sync.segments.map(function (s) { return [s[0], X(s[1] / 1000), X(s[2] / 1000), s[3]]; }),
      tooltip: { formatter: function (p) { return name(p.value[0]) + '<br>segment: ' + p.value[3] + ' events'; } },
      renderItem: function (p, api) { return piece(p, api, api.value(1), api.value(2), 0.06, { fill: '#888' }); } });
    out.push({ type: 'custom', name: 'locks held', z: 3, itemStyle: { color: '#c9a0dc' }, encode: { x: [1, 2], y: 0 },
      data: sync.holds.map(function (h) { return [h[0], X(h[1] / 1000), X(h[2] / 1000), h[3]]; }),
      tooltip: { formatter: function (p) { return name(p.value[0]) + '<br>holds lock ' + p.value[3]; } },
      renderItem: function (p, api) { return piece(p, api, api.value(1), api.value(2), 0.45, { fill: objectColour(api.value(3)), opacity: 0.35 }); } });
    // on the time axis, each operation's error bar: when the clock samples around it say it can have happened
    var bounded = sync.ops.filter(function (o) { return o.length > 6; });
    if (X !== identity && bounded.length) {
      out.push({ type: 'custom', name: 'clock error bars', z: 4, itemStyle: { color: '#9a60b4' }, encode: { x: [1, 2], y: 0 },
        data: bounded.map(function (o) { return [o[0], o[5] / 1000, o[6] / 1000, o[2]]; }),
        tooltip: { formatter: function (p) {
          return name(p.value[0]) + '<br>' + sync.kinds[p.value[3]] + ' happened between ' + p.value[1].toFixed(3) + ' and '
            + p.value[2].toFixed(3) + ' ms (the clock samples around it)';
        } },
        renderItem: function (p, api) {
          return piece(p, api, api.value(1), api.value(2), 0.3, { fill: kindColour(api.value(3)), opacity: 0.25 });
        } });
    }
    el.setAttribute('data-error-bars', String(X !== identity ? bounded.length : 0));
    out.push({ type: 'scatter', name: 'sync operations', z: 5, symbolSize: 8,
      data: sync.ops.map(function (o) { return [X(o[1] + 0.5), o[0], o[2], o[3], o[4], o[1]]; }),
      itemStyle: { color: function (p) { return kindColour(p.value[2]); } },
      tooltip: { formatter: function (p) {
        var v = p.value;
        var o = sync.ops[p.dataIndex];
        return name(v[1]) + '<br><b>' + sync.kinds[v[2]] + '</b> object ' + v[3] + '<br>' + echarts.format.encodeHTML(sync.sites[v[4]])
          + '<br>order ' + v[5] + at(v[5])
          + (o.length > 6 ? ' (between ' + (o[5] / 1000).toFixed(3) + ' and ' + (o[6] / 1000).toFixed(3) + ' ms)' : '');
      } } });
    function arrows(barrier) {
      return sync.arrows.filter(function (a) { return a[4] === barrier; })
        .map(function (a) { return { coords: [[X(a[0] + 0.5), a[1]], [X(a[2] + 0.5), a[3]]], value: a }; });
    }
    out.push({ type: 'lines', name: 'hand-overs', coordinateSystem: 'cartesian2d', z: 4, clip: true, data: arrows(0),
      symbol: ['none', 'arrow'], symbolSize: 7, lineStyle: { color: '#2458b3', width: 1, opacity: 0.8 },
      tooltip: { formatter: function (p) {
        var a = p.data.value;
        return 'hand-over: ' + name(a[1]) + ' (order ' + a[0] + ') &rarr; ' + name(a[3]) + ' (order ' + a[2] + ')';
      } } });
    out.push({ type: 'lines', name: 'barrier episodes', coordinateSystem: 'cartesian2d', z: 4, clip: true, data: arrows(1),
      symbol: ['none', 'arrow'], symbolSize: 6, lineStyle: { color: '#e8a33d', width: 1.5, type: 'dashed' },
      tooltip: { formatter: function (p) { var a = p.data.value; return 'barrier episode: ' + name(a[1]) + ' &rarr; ' + name(a[3]); } } });
    return out;
  }

  function identity(x) { return x; }
  // a thread's label in the 170 px margin: long pool names ("7 multiThreadIoEventLoopGroup-3-2") keep
  // their number and their distinguishing end; the tooltips name the thread in full
  function shortName(label) { return label.length > 26 ? label.slice(0, 10) + '\u2026' + label.slice(-15) : label; }
  // the drawn window of the order: [from, to + 1) (the whole order unless report --from/--to)
  var start = sync.from, end = Math.max(start + 1, sync.to + 1);
  // order or time: the same chart, its x put through X; the zoomed window [a, b] (in X's units) kept
  function draw(time, a, b) {
    var X = time ? msOfPosition : identity;
    var zoom = [{ type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter', startValue: a, endValue: b },
      { type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter', height: 18, bottom: 8, startValue: a, endValue: b }];
    if (threads > 24) zoom.push({ type: 'slider', yAxisIndex: 0, filterMode: 'weakFilter', width: 14, right: 4, startValue: 0, endValue: 23 });
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'item', confine: true },
      legend: { top: 0 },
      grid: { left: 170, right: 30, top: 30, bottom: 60 },
      xAxis: { type: 'value', min: X(start), max: X(end), scale: true,
        name: time ? 'time since the recording started (ms, from the coarse clock)' : 'position in the sync order (S_synch)',
        nameLocation: 'middle', nameGap: 22 },
      yAxis: { type: 'category', data: sync.threads, inverse: true, splitLine: { show: false },
        axisLabel: { formatter: shortName } },
      dataZoom: zoom,
      series: series(X)
    }, { replaceMerge: ['series', 'dataZoom'] });
    el.setAttribute('data-axis', time ? 'time' : 'order');
  }
  draw(false, start, !sync.aggregated && end - start > 400 ? start + 300 : end);

  Array.prototype.forEach.call(document.querySelectorAll('input[name="sync-axis"]'), function (radio) {
    radio.addEventListener('change', function () {
      var time = radio.value === 'time';
      var dz = chart.getOption().dataZoom[0];
      var a = dz.startValue, b = dz.endValue;
      draw(time, time ? msOfPosition(a) : positionOfMs(a), time ? msOfPosition(b) : positionOfMs(b));
    });
  });
  el.setAttribute('data-drawn', 'true');
  el.setAttribute('data-operations', String(sync.aggregated ? sync.bins.length : sync.ops.length));
  el.setAttribute('data-arrows', String(sync.arrows.length));
})();
