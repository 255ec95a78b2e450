package dev.retryowner.catalog;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A package pattern from the gate configuration. {@code com.acme.jobs} means that package and
 * every sub-package; {@code *} stands for one segment and {@code **} for any number of segments,
 * e.g. {@code com.acme.**.jobs}.
 */
public final class PackagePattern {
  private static final Pattern SEGMENT =
      Pattern.compile("\\*\\*|\\*|[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*");

  private final String text;
  private final List<String> segments;
  /** True if the pattern has no wildcard: then it matches by a prefix of the name. */
  private final boolean literal;

  private PackagePattern(String text, List<String> segments) {
    this.text = text;
    this.segments = segments;
    this.literal = !text.contains("*");
  }

  /** Parses one pattern; throws {@link IllegalArgumentException} saying what is wrong. */
  public static PackagePattern parse(String text) {
    String trimmed = text.strip();
    if (trimmed.isEmpty()) {
      throw new IllegalArgumentException("empty package pattern");
    }
    List<String> segments = List.of(trimmed.split("\\.", -1));
    for (String segment : segments) {
      if (!SEGMENT.matcher(segment).matches()) {
        throw new IllegalArgumentException("'" + trimmed + "' is not a package pattern: segment '"
            + segment + "' is neither a Java identifier, '*' nor '**'"
            + " (write e.g. com.acme.jobs or com.acme.**.jobs)");
      }
    }
    return new PackagePattern(trimmed, segments);
  }

  /** True if the package is matched or lies below a matched package. */
  public boolean matchesPackage(String packageName) {
    if (literal) {
      // asked for every class of a large input, so without splitting the name
      return packageName.startsWith(text) && (packageName.length() == text.length()
          || packageName.charAt(text.length()) == '.');
    }
    List<String> actual = packageName.isEmpty() ? List.of() : List.of(packageName.split("\\."));
    return matchesPrefix(0, actual, 0);
  }

  /** True if the class (binary name) lies in a matched package. */
  public boolean matchesClass(String binaryClassName) {
    int lastDot = binaryClassName.lastIndexOf('.');
    return matchesPackage(lastDot < 0 ? "" : binaryClassName.substring(0, lastDot));
  }

  private boolean matchesPrefix(int p, List<String> actual, int a) {
    if (p == segments.size()) {
      return true;
    }
    String segment = segments.get(p);
    if (segment.equals("**")) {
      for (int skip = a; skip <= actual.size(); skip++) {
        if (matchesPrefix(p + 1, actual, skip)) {
          return true;
        }
      }
      return false;
    }
    if (a == actual.size()) {
      return false;
    }
    boolean same = segment.equals("*") || segment.equals(actual.get(a));
    return same && matchesPrefix(p + 1, actual, a + 1);
  }

  @Override
  public String toString() {
    return text;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PackagePattern that && text.equals(that.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }
}
