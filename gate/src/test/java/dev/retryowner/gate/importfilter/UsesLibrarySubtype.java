package dev.retryowner.gate.importfilter;

import org.springframework.retry.backoff.ThreadWaitSleeper;

/** Names only a library class (not in the catalog) that implements a catalog type. */
public class UsesLibrarySubtype {
  ThreadWaitSleeper sleeper;
}
