package dev.retryowner.maven.baseline;

import dev.retryowner.catalog.Finding;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * What a baseline entry matches a finding by, none of it a line number: the rule, the class, the
 * member and a fingerprint of the message. Moving code around keeps the key, and so does adding
 * an anonymous or local class, whose compiler index ({@code Foo$1}) would shift the ones below
 * it: the key writes the index as {@code *}. Using another helper, another field or moving the
 * use to another member changes the key.
 *
 * @param rule the rule name
 * @param className the binary name of the class the finding is in, indexes written as {@code *}
 * @param member the method, constructor or field as the finding names it; empty for the class
 * @param fingerprint the first 16 hex digits of the SHA-256 of the {@link #stableMessage}
 */
public record BaselineKey(String rule, String className, String member, String fingerprint) {
  private static final int FINGERPRINT_HEX_DIGITS = 16;
  /** {@code (Foo.java:42)}, as ArchUnit-style messages locate a use; the line is dropped. */
  private static final Pattern SOURCE_LOCATION = Pattern.compile("\\(([\\w$.-]+\\.java):\\d+\\)");
  /**
   * The index javac gives an anonymous or local class, {@code Foo$1} or {@code Foo.1} in a
   * message: digits right after a {@code $} or {@code .} that follows a letter, so numbers such
   * as {@code 3.14} stay.
   */
  private static final Pattern CLASS_INDEX = Pattern.compile("(?<=[A-Za-z_$])([.$])\\d+");

  /** The key of {@code finding}. */
  public static BaselineKey of(Finding finding) {
    return new BaselineKey(finding.rule(), withoutClassIndexes(finding.className()),
        finding.member(), fingerprint(stableMessage(finding.message())));
  }

  /**
   * The message without what changes as code moves: {@code (A.java:42)} → {@code (A.java)},
   * {@code A.1} → {@code A.*}.
   */
  public static String stableMessage(String message) {
    return withoutClassIndexes(SOURCE_LOCATION.matcher(message).replaceAll("($1)"));
  }

  private static String withoutClassIndexes(String text) {
    return CLASS_INDEX.matcher(text).replaceAll("$1*");
  }

  /** The fingerprint of a stable message. */
  public static String fingerprint(String stableMessage) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(stableMessage.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, FINGERPRINT_HEX_DIGITS);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-256", e);
    }
  }
}
