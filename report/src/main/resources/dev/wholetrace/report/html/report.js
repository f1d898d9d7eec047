// The page's own script: reads the data the report embedded and draws its charts with ECharts.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('wholetrace-data').textContent);

  function chart(id, option) {
    var el = document.getElementById(id);
    var c = echarts.init(el, null, { renderer: 'svg' });
    option.animation = false;
    c.setOption(option);
    window.addEventListener('resize', function () { c.resize(); });
    el.setAttribute('data-drawn', 'true');
    return c;
  }

  var tooltip = { trigger: 'axis', axisPointer: { type: 'shadow' } };
  // one colour per component, the same in the pie and in the per-thread bars
  var palette = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];
  function colourOf(label) {
    for (var i = 0; i < data.components.length; i++) if (data.components[i].label === label) return palette[i % palette.length];
    return '#999';
  }

  chart('chart-events', {
    tooltip: tooltip,
    grid: { left: 110, right: 30, top: 10, bottom: 30 },
    xAxis: { type: 'log', name: 'events', nameLocation: 'middle', nameGap: 22 },
    yAxis: { type: 'category', data: data.eventKinds.map(function (k) { return k.kind; }), inverse: true },
    // each bar labelled with its count: on the log axis a count of 1 has no length
    series: [{ type: 'bar', name: 'events', label: { show: true, position: 'right' }, data: data.eventKinds.map(function (k) { return k.count; }) }]
  });

  chart('chart-components', {
    tooltip: { trigger: 'item', formatter: '{b}: {c} bytes ({d}%)' },
    legend: { orient: 'vertical', left: 0, top: 'middle' },
    series: [{
      type: 'pie', radius: ['35%', '70%'], center: ['60%', '50%'],
      data: data.components.map(function (c) { return { name: c.label, value: c.bytes, itemStyle: { color: colourOf(c.label) } }; })
    }]
  });

  var perThread = data.threadComponents;
  chart('chart-threads', {
    tooltip: tooltip,
    legend: { top: 0 },
    grid: { left: 170, right: 30, top: 30, bottom: 30 },
    xAxis: { type: 'value', name: 'bytes', nameLocation: 'middle', nameGap: 22 },
    yAxis: { type: 'category', data: data.threadNames, inverse: true },
    dataZoom: data.threadNames.length > 16 ? [{ type: 'slider', yAxisIndex: 0, start: 0, end: 100 * 16 / data.threadNames.length }] : [],
    series: perThread.map(function (c) {
      return { type: 'bar', stack: 'bytes', name: c.label, data: c.bytes, itemStyle: { color: colourOf(c.label) } };
    })
  });
})();
