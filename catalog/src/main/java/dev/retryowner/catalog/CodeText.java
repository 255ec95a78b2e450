package dev.retryowner.catalog;

/**
 * The parts of a Java source text that code is written in, for the cheap text tests engines run
 * before they parse a file: a name that appears only in a comment, a literal or an import
 * declaration is used nowhere, so a test that looks for a use can skip those. One pass over the
 * characters, without parsing.
 */
public final class CodeText {
  private CodeText() {}

  /**
   * {@code sourceText} with every comment, every import declaration and the contents of every
   * string, text block and character literal left out (each replaced by a space, a literal by
   * its empty quotes). A literal left open ends at its line's end, a comment at the text's.
   */
  public static String of(String sourceText) {
    StringBuilder code = new StringBuilder(sourceText.length());
    int length = sourceText.length();
    int i = 0;
    while (i < length) {
      char c = sourceText.charAt(i);
      if (c == '/' && sourceText.startsWith("//", i)) {
        i = indexOrEnd(sourceText, "\n", i);
        code.append(' ');
      } else if (c == '/' && sourceText.startsWith("/*", i)) {
        int end = sourceText.indexOf("*/", i + 2);
        i = end < 0 ? length : end + 2;
        code.append(' ');
      } else if (c == '"' && sourceText.startsWith("\"\"\"", i)) {
        i = textBlockEnd(sourceText, i + 3);
        code.append("\"\"");
      } else if (c == '"' || c == '\'') {
        i = literalEnd(sourceText, i + 1, c);
        code.append(c).append(c);
      } else if (Character.isJavaIdentifierStart(c)) {
        int end = identifierEnd(sourceText, i);
        if (sourceText.startsWith("import", i) && end == i + "import".length()) {
          i = indexOrEnd(sourceText, ";", end);
          code.append(' ');
        } else {
          code.append(sourceText, i, end);
          i = end;
        }
      } else {
        code.append(c);
        i++;
      }
    }
    return code.toString();
  }

  /**
   * {@code codeText} (as {@link #of} gives it) without the names a method's throws clause and a
   * {@code throw new} expression's type give: those declare or raise a failure, they read none.
   * A throws clause runs to the method's body or semicolon; a throw keeps its arguments.
   */
  public static String withoutRaisedFailures(String codeText) {
    StringBuilder code = new StringBuilder(codeText.length());
    int length = codeText.length();
    int i = 0;
    while (i < length) {
      char c = codeText.charAt(i);
      if (!Character.isJavaIdentifierStart(c)) {
        code.append(c);
        i++;
        continue;
      }
      int end = identifierEnd(codeText, i);
      String word = codeText.substring(i, end);
      if (word.equals("throws")) {
        i = clauseEnd(codeText, end);
        code.append(' ');
      } else if (word.equals("throw")) {
        i = afterConstructedType(codeText, end);
        code.append("throw");
      } else {
        code.append(word);
        i = end;
      }
    }
    return code.toString();
  }

  private static int identifierEnd(String text, int start) {
    int end = start + 1;
    while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
      end++;
    }
    return end;
  }

  private static int indexOrEnd(String text, String stop, int from) {
    int at = text.indexOf(stop, from);
    return at < 0 ? text.length() : at;
  }

  /** After the {@code {} or {@code ;} that ends a throws clause, left in place. */
  private static int clauseEnd(String text, int from) {
    int end = from;
    while (end < text.length() && text.charAt(end) != '{' && text.charAt(end) != ';') {
      end++;
    }
    return end;
  }

  /**
   * Where a throw's text goes on after {@code new Type} ({@code throw new a.b.Failed(cause)}
   * goes on at {@code (cause)}); {@code from} itself for any other throw.
   */
  private static int afterConstructedType(String text, int from) {
    int at = skipSpace(text, from);
    if (!text.startsWith("new", at) || identifierEnd(text, at) != at + "new".length()) {
      return from;
    }
    at = skipSpace(text, at + "new".length());
    int end = at;
    while (end < text.length()
        && (Character.isJavaIdentifierPart(text.charAt(end)) || text.charAt(end) == '.')) {
      end++;
    }
    return end;
  }

  private static int skipSpace(String text, int from) {
    int at = from;
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
    return at;
  }

  /** After the closing quote of a string or char literal, or at its line's end if open. */
  private static int literalEnd(String text, int from, char quote) {
    int at = from;
    while (at < text.length() && text.charAt(at) != quote && text.charAt(at) != '\n') {
      at += text.charAt(at) == '\\' ? 2 : 1;
    }
    return Math.min(at + 1, text.length());
  }

  /** After the closing {@code """} of a text block, one escaped quote not counting. */
  private static int textBlockEnd(String text, int from) {
    int at = from;
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c == '\\') {
        at += 2;
      } else if (text.startsWith("\"\"\"", at)) {
        return at + 3;
      } else {
        at++;
      }
    }
    return text.length();
  }
}
