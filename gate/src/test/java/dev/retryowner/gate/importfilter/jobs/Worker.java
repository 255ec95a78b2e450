package dev.retryowner.gate.importfilter.jobs;

/**
 * A second class of the jobs packages that names nothing the rules look for: {@link Internal}
 * comes first and stands for the jobs package pattern, so this one is left out.
 */
public class Worker {}
