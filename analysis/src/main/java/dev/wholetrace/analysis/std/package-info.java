/** The execution mapped onto RAPID's STD format (locks and fork/join only), for other race detectors. */
package dev.wholetrace.analysis.std;
