package dev.retryowner.gate.importfilter;

import dev.retryowner.gate.importfilter.jobs.Internal;

/** Names a type of the jobs packages, which JobsInternalsOutsideJobs guards. */
public class UsesJobsInternal {
  Internal internal;
}
