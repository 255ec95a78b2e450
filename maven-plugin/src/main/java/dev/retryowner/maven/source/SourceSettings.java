package dev.retryowner.maven.source;

import com.github.javaparser.ParserConfiguration.LanguageLevel;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;

/**
 * How the source checks read and parse the project's sources: the encoding the compiler reads
 * them with, and the Java language level it compiles them at.
 *
 * @param encoding the source files' encoding
 * @param languageLevel the JavaParser language level the sources are parsed at
 */
public record SourceSettings(Charset encoding, LanguageLevel languageLevel) {
  private static final String LEVEL_PREFIX = "JAVA_";

  /** UTF-8 and the newest Java release JavaParser parses (preview features aside). */
  public static final SourceSettings DEFAULT =
      new SourceSettings(StandardCharsets.UTF_8, newestRelease());

  /**
   * The settings for a build's {@code project.build.sourceEncoding} and {@code
   * maven.compiler.release}; a missing (null or blank) value takes the {@link #DEFAULT}, a release
   * newer than JavaParser knows parses at the newest it knows.
   *
   * @throws IllegalArgumentException naming the bad value and the fix
   */
  public static SourceSettings of(String encoding, String javaRelease) {
    return new SourceSettings(charset(encoding), languageLevel(javaRelease));
  }

  private static Charset charset(String encoding) {
    if (encoding == null || encoding.isBlank()) {
      return DEFAULT.encoding();
    }
    try {
      return Charset.forName(encoding.trim());
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      throw new IllegalArgumentException("retry-owner: unknown source encoding '" + encoding
          + "'. Fix <sourceEncoding> (or project.build.sourceEncoding) to name a charset, e.g."
          + " UTF-8 or ISO-8859-1.", e);
    }
  }

  private static LanguageLevel languageLevel(String javaRelease) {
    if (javaRelease == null || javaRelease.isBlank()) {
      return DEFAULT.languageLevel();
    }
    String release = javaRelease.trim().replaceFirst("^1\\.", "");
    if (!release.matches("\\d{1,3}")) {
      throw new IllegalArgumentException("retry-owner: Java release '" + javaRelease + "' is not"
          + " a release number. Fix <javaRelease> (or maven.compiler.release) to name one, e.g."
          + " 17 or 21.");
    }
    int number = Integer.parseInt(release);
    return release(number).orElseGet(() -> number > releaseNumber(newestRelease())
        ? newestRelease() : LanguageLevel.JAVA_8);
  }

  private static Optional<LanguageLevel> release(int number) {
    return Arrays.stream(LanguageLevel.values())
        .filter(level -> level.name().equals(LEVEL_PREFIX + number)).findFirst();
  }

  private static LanguageLevel newestRelease() {
    return Arrays.stream(LanguageLevel.values())
        .filter(level -> level.name().matches(LEVEL_PREFIX + "\\d+"))
        .max(Comparator.comparingInt(SourceSettings::releaseNumber)).orElseThrow();
  }

  private static int releaseNumber(LanguageLevel level) {
    return Integer.parseInt(level.name().substring(LEVEL_PREFIX.length()));
  }
}
