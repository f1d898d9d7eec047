/**
 * Output formats: how what the analyses found is written, as text for people or as JSON, STD and
 * later HTML or Perfetto for programs. An analysis computes a result; a writer renders it and
 * computes nothing (the style of JaCoCo's report formatters).
 *
 * <ul>
 *   <li>{@link dev.wholetrace.report.OutputFormat}: a format as {@code --format} names it.</li>
 *   <li>{@link dev.wholetrace.report.ReportWriter}: writes one kind of result in one format.</li>
 *   <li>{@link dev.wholetrace.report.FormatRegistry}: the formats of one kind of result, each with
 *       its writer; it parses {@code --format}, and the help's "Formats" list comes from it.</li>
 *   <li>Streamed output (dump, segment) renders line by line through
 *       {@link dev.wholetrace.report.events.EventLines}, one subclass per format.</li>
 * </ul>
 *
 * <p>Adding an output format, for example HTML for races: write {@code RacesHtml implements
 * ReportWriter<RaceFindings>} (it gets the result and a writer), declare the format once
 * ({@code new OutputFormat("html", List.of(), "one HTML page")}, or a constant in OutputFormat
 * when several results share it), and register it: {@code RaceFormats.FORMATS.register(HTML, new
 * RacesHtml())}. {@code races --format html} then works and {@code races --help} lists it. A
 * streamed format (Perfetto for dump) is an {@code EventLines} subclass registered in
 * {@code EventLines.FORMATS}.
 */
package dev.wholetrace.report;
