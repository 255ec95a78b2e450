package dev.retryowner.source;

import com.github.javaparser.ParserConfiguration.LanguageLevel;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How the source checks read and parse the project's sources: the encoding the compiler reads
 * them with, and the Java release it compiles them at.
 *
 * <p>The release stays a number until the sources are parsed: JavaParser's language levels build
 * all their validators when first touched (~0.3 s in a fresh JVM), which a run that reuses its
 * cached result never needs.
 *
 * @param encoding the source files' encoding
 * @param release the Java release the sources are compiled at; empty for the newest JavaParser
 *     parses
 * @param encodingSetting where the user sets the encoding, in the words of the front end that
 *     ran, for a warning about a file the encoding cannot read
 */
public record SourceSettings(Charset encoding, OptionalInt release, String encodingSetting) {
  private static final String LEVEL_PREFIX = "JAVA_";

  /** UTF-8 and the newest Java release JavaParser parses (preview features aside). */
  public static final SourceSettings DEFAULT =
      new SourceSettings(StandardCharsets.UTF_8, OptionalInt.empty(), "the source encoding");

  /**
   * The settings for a build's {@code project.build.sourceEncoding} and {@code
   * maven.compiler.release}; a missing (null or blank) value takes the {@link #DEFAULT}.
   *
   * @throws IllegalArgumentException naming the bad value and the fix
   */
  public static SourceSettings of(String encoding, String javaRelease) {
    return new SourceSettings(charset(encoding), release(javaRelease), DEFAULT.encodingSetting);
  }

  /** The same settings, with the front end's words for where the encoding is set. */
  public SourceSettings withEncodingSetting(String whereSet) {
    return new SourceSettings(encoding, release, whereSet);
  }

  /**
   * The JavaParser language level the sources are parsed at: the release's own, or the newest
   * JavaParser knows for a newer release.
   */
  public LanguageLevel languageLevel() {
    if (release.isEmpty()) {
      return newestLevel();
    }
    int number = release.getAsInt();
    return level(number).orElseGet(() -> number > releaseNumber(newestLevel())
        ? newestLevel() : LanguageLevel.JAVA_8);
  }

  /**
   * A setting's value the sources cannot be read with; the message says what a good one is,
   * the front end adds where to set it.
   */
  public static final class InvalidSetting extends IllegalArgumentException {
    private final String setting;

    InvalidSetting(String setting, String message, Throwable cause) {
      super(message, cause);
      this.setting = setting;
    }

    /** The setting: {@code sourceEncoding} or {@code javaRelease}. */
    public String setting() {
      return setting;
    }
  }

  private static Charset charset(String encoding) {
    if (encoding == null || encoding.isBlank()) {
      return DEFAULT.encoding();
    }
    try {
      return Charset.forName(encoding.trim());
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      throw new InvalidSetting("sourceEncoding", "retry-owner: unknown source encoding '"
          + encoding + "'; name a charset, e.g. UTF-8 or ISO-8859-1.", e);
    }
  }

  private static OptionalInt release(String javaRelease) {
    if (javaRelease == null || javaRelease.isBlank()) {
      return DEFAULT.release();
    }
    String release = javaRelease.trim().replaceFirst("^1\\.", "");
    if (!release.matches("\\d{1,3}")) {
      throw new InvalidSetting("javaRelease", "retry-owner: Java release '" + javaRelease
          + "' is not a release number; name one, e.g. 17 or 21.", null);
    }
    return OptionalInt.of(Integer.parseInt(release));
  }

  private static Optional<LanguageLevel> level(int release) {
    return Arrays.stream(LanguageLevel.values())
        .filter(level -> level.name().equals(LEVEL_PREFIX + release)).findFirst();
  }

  private static LanguageLevel newestLevel() {
    return Arrays.stream(LanguageLevel.values())
        .filter(level -> level.name().matches(LEVEL_PREFIX + "\\d+"))
        .max(Comparator.comparingInt(SourceSettings::releaseNumber)).orElseThrow();
  }

  private static int releaseNumber(LanguageLevel level) {
    return Integer.parseInt(level.name().substring(LEVEL_PREFIX.length()));
  }
}
