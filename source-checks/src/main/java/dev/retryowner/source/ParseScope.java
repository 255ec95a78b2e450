package dev.retryowner.source;

import dev.retryowner.catalog.CodeLexer;
import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.MemberCode;
import dev.retryowner.catalog.MemberCode.Member;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a parse keeps of a file: all of it, or the methods the checks may read. Most of a large
 * file's methods hold nothing a check looks for; their bodies are blanked out before the parse
 * (only their line breaks stay), and so are the comments and the indentation of the
 * declarations around the kept code: the parser reads a comment character by character and makes
 * a token of every space, half of its tokens. Every node keeps its line; the code of the kept
 * members keeps its columns and its text.
 *
 * <p>A method is kept when its declaration and body pass the checks' test, and so is every
 * method around it in the file: those it names, and, through them, those they name (a retry may
 * run through a class's own calls), and every method that names one of those (a call elsewhere
 * tells whether a method runs only after a failure). Constructors, initializers and field
 * initializers are always kept; those that pass the test count as kept methods.
 */
public final class ParseScope {
  /** The whole file. */
  public static final ParseScope WHOLE_FILE = new ParseScope(null);

  private final Predicate<CodeWords> matters;

  private ParseScope(Predicate<CodeWords> matters) {
    this.matters = matters;
  }

  /** The methods whose code passes {@code matters}, and the methods around them. */
  public static ParseScope methodsWhere(Predicate<CodeWords> matters) {
    return new ParseScope(matters);
  }

  /**
   * The text to parse: {@code text} itself, or with the bodies of the methods outside the scope
   * blanked out and the indentation outside the kept code dropped.
   */
  String focus(String text) {
    if (matters == null) {
      return text;
    }
    Optional<List<Member>> found = MemberCode.of(text);
    if (found.isEmpty()) {
      return text;
    }
    List<Member> members = found.get();
    List<CodeWords> words = new ArrayList<>(members.size());
    members.forEach(member -> words.add(CodeWords.of(text.substring(member.start(),
        member.end()))));
    Set<Integer> kept = keptMembers(members, words);
    StringBuilder focused = new StringBuilder(text.length());
    int copied = 0;
    for (int i = 0; i < members.size(); i++) {
      Member member = members.get(i);
      appendDeclarations(focused, text, copied, member.codeOpen());
      if (!member.isMethod() || kept.contains(i)) {
        focused.append(text, member.codeOpen(), member.end());
      } else {
        focused.append('{');
        appendLineBreaks(focused, text, member.codeOpen() + 1, member.codeClose());
        focused.append('}');
      }
      copied = member.end();
    }
    appendDeclarations(focused, text, copied, text.length());
    return focused.toString();
  }

  /** The indexes of the members to keep: see the class comment. */
  private Set<Integer> keptMembers(List<Member> members, List<CodeWords> words) {
    Map<String, List<Integer>> methodsByName = new HashMap<>();
    for (int i = 0; i < members.size(); i++) {
      if (members.get(i).isMethod()) {
        methodsByName.computeIfAbsent(members.get(i).name(), name -> new ArrayList<>()).add(i);
      }
    }
    Set<Integer> kept = new HashSet<>();
    Deque<Integer> named = new ArrayDeque<>();
    for (int i = 0; i < members.size(); i++) {
      if (matters.test(words.get(i)) && kept.add(i)) {
        named.add(i);
      }
    }
    Set<String> keptNames = new HashSet<>();
    while (!named.isEmpty()) {
      CodeWords code = words.get(named.poll());
      methodsByName.forEach((name, methods) -> {
        if (code.has(name)) {
          keptNames.add(name);
          methods.stream().filter(kept::add).forEach(named::add);
        }
      });
    }
    for (int i = 0; i < members.size(); i++) {
      if (!kept.contains(i) && words.get(i).hasAny(keptNames)) {
        kept.add(i);
      }
    }
    return kept;
  }

  /** The line breaks between two indexes: the lines after them stay where they were. */
  private static void appendLineBreaks(StringBuilder focused, String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        focused.append(c);
      }
    }
  }

  /**
   * The declarations between two indexes, without their comments (a space or their line breaks
   * stand for each) and without the spaces and tabs that start a line. They keep their lines,
   * not their columns: nothing the checks read of a declaration depends on a column.
   */
  private static void appendDeclarations(StringBuilder focused, String text, int from, int to) {
    boolean lineStart = focused.length() > 0 && focused.charAt(focused.length() - 1) == '\n';
    int at = from;
    while (at < to) {
      int codeAt = CodeLexer.skipNonCode(text, at);
      if (codeAt != at) {
        char first = text.charAt(at);
        if (first == '/') {
          int length = focused.length();
          appendLineBreaks(focused, text, at, codeAt);
          if (focused.length() > length) {
            lineStart = true;
          } else if (!lineStart) {
            focused.append(' ');
          }
        } else {
          focused.append(text, at, codeAt);
          lineStart = false;
        }
        at = codeAt;
        continue;
      }
      char c = text.charAt(at++);
      if (!(lineStart && (c == ' ' || c == '\t'))) {
        focused.append(c);
        lineStart = c == '\n' || c == '\r';
      }
    }
  }
}
