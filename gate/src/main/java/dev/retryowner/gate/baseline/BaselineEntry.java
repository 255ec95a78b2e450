package dev.retryowner.gate.baseline;

import java.util.Comparator;

/**
 * One entry of the baseline file: {@code count} findings with the same key that the build
 * accepts for now.
 *
 * @param rule the rule name
 * @param className the binary name of the class
 * @param member the member as the findings name it; empty for the class itself
 * @param message the findings' message without line numbers, for the reviewer; matching uses
 *     the fingerprint
 * @param fingerprint the fingerprint of the message, see {@link BaselineKey}
 * @param count how many findings with this key are accepted
 */
public record BaselineEntry(String rule, String className, String member, String message,
    String fingerprint, int count) {
  /** The order of the file: by rule, class, member, then message, so diffs stay small. */
  static final Comparator<BaselineEntry> FILE_ORDER = Comparator.comparing(BaselineEntry::rule)
      .thenComparing(BaselineEntry::className).thenComparing(BaselineEntry::member)
      .thenComparing(BaselineEntry::message).thenComparing(BaselineEntry::fingerprint);

  /** What the entry matches findings by. */
  public BaselineKey key() {
    return new BaselineKey(rule, className, member, fingerprint);
  }

  /** The same entry accepting {@code newCount} findings. */
  BaselineEntry withCount(int newCount) {
    return new BaselineEntry(rule, className, member, message, fingerprint, newCount);
  }

  /** {@code RetryOutsideJobs in com.acme.Client.charge(): calls ... [fingerprint]}, for the log. */
  String describe() {
    String where = member.isEmpty() ? className : className + "." + member;
    return rule + " in " + where + ": " + message + " [" + fingerprint + "]";
  }
}
