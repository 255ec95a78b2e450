package dev.retryowner.gate.importfilter.jobs.api;

/** A class of the jobs API packages. */
public class Api {}
