package dev.retryowner.gate.baseline;

import dev.retryowner.catalog.Finding;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a baseline entry matches a finding by, none of it a line number: the rule, the class, the
 * member and a fingerprint of the message. Moving code around keeps the key, and so does adding
 * an anonymous or local class, whose compiler index ({@code Foo$1}) would shift the ones below
 * it: the key writes the index as {@code *}, and so does renaming a local variable, a resource,
 * an exception parameter or a parameter, whose name the key leaves out. Using another helper,
 * another field or moving the use to another member changes the key. A key read from a baseline
 * written before names were left out still matches: {@link #legacyOf}.
 *
 * @param rule the rule name
 * @param className the binary name of the class the finding is in, indexes written as {@code *}
 * @param member the method, constructor or field as the finding names it; empty for the class
 * @param fingerprint the first 16 hex digits of the SHA-256 of the {@link #stableMessage} with
 *     the names of locals and parameters left out
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
  /** Type arguments, nested ones too: {@code <String>}, {@code <K, List<V>>}. */
  private static final Pattern TYPE_ARGUMENTS =
      Pattern.compile("<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>");
  /** The name in {@code declares local variable 'config'}, which a rename changes. */
  private static final Pattern LOCAL_NAME = Pattern.compile(
      "(declares (?:local variable|resource|exception parameter|parameter) )'[^']*'");

  /** The key of {@code finding}. */
  public static BaselineKey of(Finding finding) {
    return new BaselineKey(finding.rule(), withoutClassIndexes(finding.className()),
        finding.member(), fingerprint(LOCAL_NAME.matcher(stableMessage(finding.message()))
            .replaceAll("$1'*'")));
  }

  /**
   * The key of {@code finding} as baselines written before names of locals were left out hold
   * it; such an entry keeps matching until the baseline is written again.
   */
  public static BaselineKey legacyOf(Finding finding) {
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

  /**
   * This key with the member's parameter types as simple names without type arguments
   * ({@code charge(Supplier)} for {@code charge(java.util.function.Supplier)} and for
   * {@code charge(Supplier<String>)}): entries written when source findings spelled types as
   * written still match the fully qualified spelling every engine uses now.
   */
  public BaselineKey loose() {
    int open = member.indexOf('(');
    if (open < 0 || !member.endsWith(")")) {
      return this;
    }
    String parameters = TYPE_ARGUMENTS.matcher(member.substring(open + 1, member.length() - 1))
        .replaceAll("");
    String simple = parameters.isBlank() ? "" : Stream.of(parameters.split(","))
        .map(String::strip).map(type -> type.substring(Math.max(type.lastIndexOf('.'),
            type.lastIndexOf('$')) + 1))
        .collect(Collectors.joining(", "));
    return new BaselineKey(rule, className, member.substring(0, open + 1) + simple + ")",
        fingerprint);
  }

  /** The fingerprint of a stable message. */
  public static String fingerprint(String stableMessage) {
    return sha256Hex(stableMessage).substring(0, FINGERPRINT_HEX_DIGITS);
  }

  /** The SHA-256 of {@code text} (UTF-8) in hex, which every fingerprint of the reports uses. */
  public static String sha256Hex(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-256", e);
    }
  }
}
