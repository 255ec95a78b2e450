package dev.retryowner.gate.amplification;

import java.util.OptionalInt;

/**
 * One step of a call path, where the code that takes it stands.
 *
 * @param className the binary name of the class whose code takes the step
 * @param member the method that takes it, as findings name members ({@code send(pkg.Message)})
 * @param method the same method as a reader names it: {@code MailApiClient.send}, {@code
 *     OwnerNotifier.send (lambda)}
 * @param sourcePath its source file below a source root, or empty when the class file keeps none
 * @param line the line of the call, 0 when unknown
 * @param attempts how many times one pass over this step runs what follows: 1 for a plain call,
 *     a retry layer's attempts, empty when the code does not show the count
 * @param what what the step does, e.g. "hands a lambda to NotifyPolicy.deliver, which runs it
 *     again after a failure (HandRolledRetry at NotifyPolicy.java:18)"
 * @param jobPolicy true for the step of a job kind's policy (a handler run by the job layer):
 *     the layer that owns the retries, which RetryAmplification's threshold allows
 */
public record Hop(String className, String member, String method, String sourcePath, int line,
    OptionalInt attempts, String what, boolean jobPolicy) {

  /** True for a step that runs what follows more than once, or an unknown number of times. */
  public boolean retries() {
    return attempts.isEmpty() || attempts.getAsInt() > 1;
  }

  /** {@code MailApiClient.java:30}, or the class's simple name when no file is known. */
  public String location() {
    return location(sourcePath, className, line);
  }

  /** The location of a line of a class, as {@link #location()} writes it. */
  static String location(String sourcePath, String className, int line) {
    String file = sourcePath.isEmpty() ? simpleName(className) + ".class"
        : sourcePath.substring(sourcePath.lastIndexOf('/') + 1);
    return line > 0 ? file + ":" + line : file;
  }

  /** {@code MailApiClient} for {@code com.example.mail.MailApiClient}. */
  static String simpleName(String binaryName) {
    return binaryName.substring(binaryName.lastIndexOf('.') + 1);
  }

  /** {@code 3}, or {@code ?} when the count is unknown. */
  public String attemptsText() {
    return attempts.isPresent() ? Integer.toString(attempts.getAsInt()) : "?";
  }
}
