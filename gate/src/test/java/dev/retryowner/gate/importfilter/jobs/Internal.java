package dev.retryowner.gate.importfilter.jobs;

/** A class in the jobs packages, outside the jobs API. */
public class Internal {}
