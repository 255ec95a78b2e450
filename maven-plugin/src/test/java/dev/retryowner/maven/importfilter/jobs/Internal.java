package dev.retryowner.maven.importfilter.jobs;

/** A class in the jobs packages, outside the jobs API. */
public class Internal {}
