package dev.retryowner.catalog;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The words a Java source file's code is written with, for the cheap text tests engines run
 * before they parse a file: its identifiers and keywords outside comments and literals. A name
 * that appears only there is used nowhere, so a test that looks for a use asks here, by word,
 * instead of searching the text. Read in one pass over the characters, without parsing.
 */
public final class CodeWords {
  private final Set<String> words = new HashSet<>();
  private final Set<String> readingWords = new HashSet<>();
  private boolean statusLikeNumber;
  private boolean parenthesis;

  private CodeWords() {}

  /** The code words of {@code sourceText}. */
  public static CodeWords of(String sourceText) {
    CodeWords code = new CodeWords();
    new Reader(sourceText, code).read();
    return code;
  }

  /**
   * The words of two pieces of code read one after the other, as of their texts joined where one
   * declaration ends and the next begins (no import, throws clause or literal runs across).
   */
  public CodeWords and(CodeWords next) {
    CodeWords both = new CodeWords();
    both.words.addAll(words);
    both.words.addAll(next.words);
    both.readingWords.addAll(readingWords);
    both.readingWords.addAll(next.readingWords);
    both.statusLikeNumber = statusLikeNumber || next.statusLikeNumber;
    both.parenthesis = parenthesis || next.parenthesis;
    return both;
  }

  /** True if the code has {@code word} as a whole identifier or keyword. */
  public boolean has(String word) {
    return words.contains(word);
  }

  /** True if the code has one of {@code candidates} as a whole identifier or keyword. */
  public boolean hasAny(Set<String> candidates) {
    Set<String> smaller = candidates.size() < words.size() ? candidates : words;
    Set<String> larger = smaller == candidates ? words : candidates;
    for (String word : smaller) {
      if (larger.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** True if one of the code's words passes {@code test}. */
  public boolean anyMatch(Predicate<String> test) {
    return anyOf(words, test);
  }

  /**
   * True if one of the words outside import declarations, throws clauses and the types {@code
   * throw new} constructs passes {@code test}: those name a type, or declare or raise a
   * failure; they read none.
   */
  public boolean anyReadingMatch(Predicate<String> test) {
    return anyOf(readingWords, test);
  }

  /**
   * True if the code holds an int literal a status comparison can read: 200 to 599 written in
   * decimal (a fraction's digits after the point count too), or any hexadecimal, octal or
   * binary literal.
   */
  public boolean hasStatusLikeNumber() {
    return statusLikeNumber;
  }

  /** True if the code holds an opening parenthesis: a call, a condition, a cast. */
  public boolean hasParenthesis() {
    return parenthesis;
  }

  private static boolean anyOf(Set<String> words, Predicate<String> test) {
    for (String word : words) {
      if (test.test(word)) {
        return true;
      }
    }
    return false;
  }

  /** One pass over a source text. */
  private static final class Reader {
    private final String text;
    private final CodeWords code;
    private int at;
    /** Inside a throws clause, which runs to the method's body or semicolon. */
    private boolean inThrowsClause;

    Reader(String text, CodeWords code) {
      this.text = text;
      this.code = code;
    }

    void read() {
      while (at < text.length()) {
        int codeAt = CodeLexer.skipNonCode(text, at);
        if (codeAt != at) {
          at = codeAt;
          continue;
        }
        char c = text.charAt(at);
        if (Character.isJavaIdentifierStart(c)) {
          word();
        } else if (c >= '0' && c <= '9') {
          number();
        } else {
          if (c == '{' || c == ';') {
            inThrowsClause = false;
          }
          code.parenthesis |= c == '(';
          at++;
        }
      }
    }

    private void word() {
      int end = CodeLexer.identifierEnd(text, at);
      String word = text.substring(at, end);
      at = end;
      code.words.add(word);
      if (word.equals("import")) {
        importDeclaration();
        return;
      }
      if (word.equals("throws")) {
        inThrowsClause = true;
      } else if (!inThrowsClause) {
        code.readingWords.add(word);
      }
      if (word.equals("throw")) {
        skipConstructedType();
      }
    }

    /** The words of an import declaration count as written, not read. */
    private void importDeclaration() {
      int end = CodeLexer.indexOrEnd(text, ";", at);
      while (at < end) {
        if (Character.isJavaIdentifierStart(text.charAt(at))) {
          int wordEnd = CodeLexer.identifierEnd(text, at);
          code.words.add(text.substring(at, wordEnd));
          at = wordEnd;
        } else {
          at++;
        }
      }
    }

    /** After {@code throw}: the words of {@code new a.b.Failed} count as written, not read. */
    private void skipConstructedType() {
      int start = CodeLexer.skipSpace(text, at);
      if (!text.startsWith("new", start)
          || CodeLexer.identifierEnd(text, start) != start + "new".length()) {
        return;
      }
      code.words.add("new");
      int part = CodeLexer.skipSpace(text, start + "new".length());
      while (part < text.length() && Character.isJavaIdentifierStart(text.charAt(part))) {
        int end = CodeLexer.identifierEnd(text, part);
        code.words.add(text.substring(part, end));
        at = end;
        if (end >= text.length() || text.charAt(end) != '.') {
          return;
        }
        part = end + 1;
      }
    }

    /** A number's parts between points, each tested as a status-like literal. */
    private void number() {
      int end = at;
      while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end))
          || text.charAt(end) == '_')) {
        end++;
      }
      code.statusLikeNumber |= isStatusLike(text.substring(at, end));
      at = end;
    }

    private static boolean isStatusLike(String part) {
      if (part.length() >= 2 && part.charAt(0) == '0') {
        char radix = part.charAt(1);
        return radix == 'x' || radix == 'X' || radix == 'b' || radix == 'B'
            || radix >= '0' && radix <= '7';
      }
      String digits = part.replace("_", "");
      return digits.length() == 3 && part.charAt(0) >= '2' && part.charAt(0) <= '5'
          && Character.isDigit(part.charAt(part.length() - 1))
          && digits.chars().allMatch(Character::isDigit);
    }
  }
}
