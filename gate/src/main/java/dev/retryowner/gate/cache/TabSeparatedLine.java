package dev.retryowner.gate.cache;

import java.util.ArrayList;
import java.util.List;

/**
 * One record of the cache's text files: fields separated by tabs, with backslash, tab and line
 * breaks escaped, so that any text (a message, a path) fits in one field of one line.
 */
final class TabSeparatedLine {
  private TabSeparatedLine() {}

  /** The line of a record: its {@code type}, then the {@code values}, escaped. */
  static String of(String type, String... values) {
    StringBuilder line = new StringBuilder(type);
    for (String value : values) {
      line.append('\t').append(value.replace("\\", "\\\\").replace("\t", "\\t")
          .replace("\n", "\\n").replace("\r", "\\r"));
    }
    return line.toString();
  }

  /**
   * The unescaped fields of a line, its type first.
   *
   * @throws IllegalArgumentException if the line holds an escape no {@link #of} writes
   */
  static List<String> fields(String line) {
    if (line.indexOf('\\') < 0) {
      return plainFields(line);
    }
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\t') {
        fields.add(field.toString());
        field.setLength(0);
      } else if (c == '\\') {
        if (i + 1 == line.length()) {
          throw new IllegalArgumentException("a line ends in a lone backslash");
        }
        char escaped = line.charAt(++i);
        field.append(switch (escaped) {
          case 't' -> '\t';
          case 'n' -> '\n';
          case 'r' -> '\r';
          case '\\' -> '\\';
          default -> throw new IllegalArgumentException("bad escape \\" + escaped);
        });
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }

  /** The fields of a line without escapes: cut at each tab. */
  private static List<String> plainFields(String line) {
    List<String> fields = new ArrayList<>();
    int start = 0;
    for (int tab = line.indexOf('\t'); tab >= 0; tab = line.indexOf('\t', start)) {
      fields.add(line.substring(start, tab));
      start = tab + 1;
    }
    fields.add(line.substring(start));
    return fields;
  }
}
