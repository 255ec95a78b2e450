package dev.retryowner.maven.importfilter;

import dev.retryowner.maven.importfilter.jobs.Internal;

/** Names a type of the jobs packages, which JobsInternalsOutsideJobs guards. */
public class UsesJobsInternal {
  Internal internal;
}
