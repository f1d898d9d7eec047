/** The self-contained HTML report ({@code wholetrace report}): summary tables and ECharts charts inlined into one page. */
package dev.wholetrace.report.html;
