package dev.retryowner.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An Ant-like glob on binary class names, for {@code includes} and {@code excludes}: segments are
 * separated by dots, {@code *} and {@code ?} match characters within one segment, a {@code **}
 * segment matches any number of segments (none too). The whole name must match: {@code
 * com.acme.Foo} is that class only, {@code com.acme.*} the classes directly in {@code com.acme},
 * {@code com.acme.**} the package and its sub-packages, {@code **.generated.**} every class under
 * a {@code generated} package, {@code **.*Grpc} every class whose simple name ends in Grpc.
 */
final class ClassNamePattern {
  private static final String ANY_DEPTH = "**";
  private static final Pattern SEGMENT = Pattern.compile("[\\p{javaJavaIdentifierPart}*?]+");
  /** Stands for a {@code **} segment among the segments' patterns. */
  private static final Pattern ANY_SEGMENTS = Pattern.compile(".*");

  private final String text;
  private final List<Pattern> segments;

  private ClassNamePattern(String text, List<Pattern> segments) {
    this.text = text;
    this.segments = segments;
  }

  /** Parses one pattern; throws {@link IllegalArgumentException} saying what is wrong. */
  static ClassNamePattern parse(String text) {
    String trimmed = text.strip();
    if (trimmed.contains("/") || trimmed.endsWith(".class") || trimmed.endsWith(".java")) {
      throw new IllegalArgumentException("'" + trimmed + "' is a file pattern; write a class name"
          + " pattern with dots instead, e.g. com.acme.generated.** or **.*Grpc");
    }
    List<Pattern> segments = new ArrayList<>();
    for (String segment : trimmed.split("\\.", -1)) {
      if (segment.equals(ANY_DEPTH)) {
        segments.add(ANY_SEGMENTS);
      } else if (SEGMENT.matcher(segment).matches() && !segment.contains(ANY_DEPTH)) {
        segments.add(Pattern.compile(segment.replace("$", "\\$").replace("?", "[^.]")
            .replace("*", "[^.]*")));
      } else {
        throw new IllegalArgumentException("'" + trimmed + "' is not a class name pattern:"
            + " segment '" + segment + "' is neither a name (with * or ? for any characters)"
            + " nor ** (write e.g. com.acme.** or **.*Grpc)");
      }
    }
    return new ClassNamePattern(trimmed, List.copyOf(segments));
  }

  /** True if the binary class name matches the whole pattern. */
  boolean matches(String binaryClassName) {
    return matches(0, binaryClassName.split("\\."), 0);
  }

  private boolean matches(int p, String[] name, int n) {
    if (p == segments.size()) {
      return n == name.length;
    }
    Pattern segment = segments.get(p);
    if (segment == ANY_SEGMENTS) {
      for (int skip = n; skip <= name.length; skip++) {
        if (matches(p + 1, name, skip)) {
          return true;
        }
      }
      return false;
    }
    return n < name.length && segment.matcher(name[n]).matches() && matches(p + 1, name, n + 1);
  }

  @Override
  public String toString() {
    return text;
  }
}
