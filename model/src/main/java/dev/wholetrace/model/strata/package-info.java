/**
 * Strata (strata-dwpp paper, §III): cyclic paths of blocks with trip counts ({@link
 * dev.wholetrace.model.strata.PathBuilder}), stratum layers over [id, tripcount] runs ({@link
 * dev.wholetrace.model.strata.StratumLayer}), their tables and the expansion back to blocks. Here in
 * {@code model}, beside the grammar builders, because they are a compressor: the analyses use them
 * on recorded traces today and the recorder can use them for {@code record --mode strata} without
 * depending on the analyses. docs/strata.md.
 */
package dev.wholetrace.model.strata;
