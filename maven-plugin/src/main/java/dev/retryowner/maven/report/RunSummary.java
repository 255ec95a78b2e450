package dev.retryowner.maven.report;

import java.math.BigDecimal;

/**
 * The counts of the console's summary line, as both report files carry them.
 *
 * @param violations how many violations were found
 * @param classes how many class files were checked
 * @param sourceFiles how many Java source files the source roots hold
 * @param seconds the wall time of the run, to the hundredth
 */
public record RunSummary(int violations, int classes, int sourceFiles, BigDecimal seconds) {}
