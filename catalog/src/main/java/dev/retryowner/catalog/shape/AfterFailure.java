package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.Try;

/**
 * Where code runs after a failure: in a catch of a try (whose block holds the failed work), in a
 * callback that is handed the failure, in a branch taken on an error status, or in a method of
 * the class that handles a failure ({@link ReEntry}).
 *
 * @param words how a finding says where, e.g. "from a catch"
 * @param failedTry the try whose catch this is; null elsewhere
 * @param handler the catch; null elsewhere
 * @param enclosing the catch this catch lies in, whose try failed before this one's; null when
 *     there is none
 */
record AfterFailure(String words, Try failedTry, Catch handler, AfterFailure enclosing) {
  static final AfterFailure CALLBACK =
      new AfterFailure("from a callback handed the failure", null, null, null);
  static final AfterFailure RECOVERY_LAMBDA =
      new AfterFailure("from a lambda handed the failure", null, null, null);
  static final AfterFailure ERROR_BRANCH =
      new AfterFailure("on an error status", null, null, null);
  static final AfterFailure HANDLER =
      new AfterFailure("in a method that handles the failure", null, null, null);

  /** The catch {@code handler} of {@code tryNode}, reached from {@code reached}. */
  static AfterFailure catchOf(Try tryNode, Catch handler, AfterFailure reached) {
    return new AfterFailure("from a catch", tryNode, handler,
        reached != null && reached.failedTry() != null ? reached : null);
  }
}
