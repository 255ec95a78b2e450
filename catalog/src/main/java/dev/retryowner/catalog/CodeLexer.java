package dev.retryowner.catalog;

/**
 * What Java source text holds besides code, for the passes that read or rewrite a file without
 * parsing it ({@link CodeWords}, {@link MemberCode}): comments, string and char literals, text
 * blocks.
 */
public final class CodeLexer {
  private CodeLexer() {}

  /**
   * The index after the comment or literal that starts at {@code at}, or {@code at} if code
   * starts there. An open literal ends at its line's end, an open comment or text block at the
   * end of the text.
   */
  public static int skipNonCode(String text, int at) {
    char c = text.charAt(at);
    if (c == '/' && text.startsWith("//", at)) {
      return indexOrEnd(text, "\n", at);
    }
    if (c == '/' && text.startsWith("/*", at)) {
      int end = text.indexOf("*/", at + 2);
      return end < 0 ? text.length() : end + 2;
    }
    if (c == '"' && text.startsWith("\"\"\"", at)) {
      return textBlockEnd(text, at);
    }
    if (c == '"' || c == '\'') {
      return literalEnd(text, at, c);
    }
    return at;
  }

  /** The index after the identifier that starts at {@code start}. */
  static int identifierEnd(String text, int start) {
    int end = start + 1;
    while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
      end++;
    }
    return end;
  }

  /** The index of {@code stop} from {@code from}, or the text's length if there is none. */
  static int indexOrEnd(String text, String stop, int from) {
    int found = text.indexOf(stop, from);
    return found < 0 ? text.length() : found;
  }

  /** The first index from {@code from} that is not white space. */
  static int skipSpace(String text, int from) {
    int end = from;
    while (end < text.length() && Character.isWhitespace(text.charAt(end))) {
      end++;
    }
    return end;
  }

  /** After the closing quote of a string or char literal, or its line's end if open. */
  private static int literalEnd(String text, int at, char quote) {
    int end = at + 1;
    while (end < text.length() && text.charAt(end) != quote && text.charAt(end) != '\n') {
      end += text.charAt(end) == '\\' ? 2 : 1;
    }
    return Math.min(end + 1, text.length());
  }

  /** After the closing {@code """} of a text block; an escaped quote does not close it. */
  private static int textBlockEnd(String text, int at) {
    int end = at + 3;
    while (end < text.length()) {
      if (text.charAt(end) == '\\') {
        end += 2;
      } else if (text.startsWith("\"\"\"", end)) {
        return end + 3;
      } else {
        end++;
      }
    }
    return text.length();
  }
}
