package dev.retryowner.source;

import dev.retryowner.catalog.CodeLexer;
import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.MemberCode;
import dev.retryowner.catalog.MemberCode.ClassBody;
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
import java.util.TreeSet;
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
 * run through a class's own calls), and every method that names a private one of those (the
 * calls elsewhere tell whether a private method runs only after a failure). Constructors, initializers and field
 * initializers are kept; those that pass the test count as kept methods. A class that holds no
 * kept member, and declares no method the kept code names, keeps only its declaration and those
 * of its member types.
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
   * The text to parse: {@code text} itself, or with the bodies of the methods and classes
   * outside the scope blanked out, and the comments and indentation outside the kept code
   * dropped.
   */
  String focus(String text) {
    if (matters == null) {
      return text;
    }
    Optional<MemberCode> found = MemberCode.of(text);
    if (found.isEmpty()) {
      return text;
    }
    List<Member> members = found.get().members();
    List<CodeWords> words = new ArrayList<>(members.size());
    List<CodeWords> codeWords = new ArrayList<>(members.size());
    for (Member member : members) {
      CodeWords code = CodeWords.of(text.substring(member.codeOpen(), member.end()));
      codeWords.add(code);
      words.add(CodeWords.of(text.substring(member.start(), member.codeOpen())).and(code));
    }
    Set<Integer> kept = keptMembers(members, words, codeWords);
    List<ClassBody> classBodies = found.get().classBodies();
    List<Integer> blankedClasses = blankedClassBodies(classBodies, members, codeWords, kept);
    StringBuilder focused = new StringBuilder(text.length());
    int copied = 0;
    int nextClass = 0;
    for (int i = 0; i < members.size(); i++) {
      Member member = members.get(i);
      for (; nextClass < blankedClasses.size()
          && classBodies.get(blankedClasses.get(nextClass)).open() < member.start();
          nextClass++) {
        copied = appendBlankClass(focused, text, copied, classBodies, blankedClasses.get(nextClass));
      }
      if (member.start() < copied) {
        continue;
      }
      if (!member.isMethod() || kept.contains(i)) {
        appendDeclarations(focused, text, copied, member.codeOpen());
        focused.append(text, member.codeOpen(), member.end());
        copied = member.end();
      } else {
        copied = appendBlankBody(focused, text, copied, member.codeOpen(), member.codeClose());
      }
    }
    for (; nextClass < blankedClasses.size(); nextClass++) {
      copied = appendBlankClass(focused, text, copied, classBodies, blankedClasses.get(nextClass));
    }
    appendDeclarations(focused, text, copied, text.length());
    return focused.toString();
  }

  /**
   * The declarations from {@code copied} to a body's opening brace, then the body's line breaks;
   * returns where the closing brace is, which the declarations after it begin with.
   */
  private static int appendBlankBody(StringBuilder focused, String text, int copied, int open,
      int close) {
    appendDeclarations(focused, text, copied, open + 1);
    appendLineBreaks(focused, text, open + 1, close);
    return close;
  }

  /**
   * The declarations from {@code copied} to a blanked class body, and the body with only its
   * line breaks and the declarations of its member types, blanked in turn: the names of the
   * types stay where the kept code may look them up. Returns where the closing brace is.
   */
  private static int appendBlankClass(StringBuilder focused, String text, int copied,
      List<ClassBody> bodies, int index) {
    ClassBody body = bodies.get(index);
    appendDeclarations(focused, text, copied, body.open() + 1);
    int at = body.open() + 1;
    int inner = index + 1;
    while (inner < bodies.size() && bodies.get(inner).open() < body.close()) {
      ClassBody member = bodies.get(inner);
      appendLineBreaks(focused, text, at, member.declarationStart());
      appendBlankClass(focused, text, member.declarationStart(), bodies, inner);
      focused.append('}');
      at = member.close() + 1;
      inner++;
      while (inner < bodies.size() && bodies.get(inner).open() < member.close()) {
        inner++;
      }
    }
    appendLineBreaks(focused, text, at, body.close());
    return body.close();
  }

  /**
   * The indexes of the outermost class bodies that hold no kept member and declare no method the
   * kept code names, in their own body or a nested one: nothing the checks read is in them, or
   * is looked up in them by name. (A field is looked up in the classes around the code that
   * names it, and those hold a kept member.)
   */
  private static List<Integer> blankedClassBodies(List<ClassBody> bodies, List<Member> members,
      List<CodeWords> words, Set<Integer> kept) {
    TreeSet<Integer> keptStarts = new TreeSet<>();
    kept.forEach(i -> keptStarts.add(members.get(i).start()));
    Map<String, Boolean> namedByKeptCode = new HashMap<>();
    Predicate<String> named = name -> namedByKeptCode.computeIfAbsent(name,
        n -> kept.stream().anyMatch(i -> words.get(i).has(n)));
    List<Integer> blanked = new ArrayList<>();
    int blankedUntil = -1;
    for (int b = 0; b < bodies.size(); b++) {
      ClassBody body = bodies.get(b);
      Integer keptInside = keptStarts.higher(body.open());
      if (body.open() < blankedUntil || keptInside != null && keptInside < body.close()) {
        continue;
      }
      boolean declaresNamed = false;
      for (int inner = b; inner < bodies.size() && bodies.get(inner).open() < body.close()
          && !declaresNamed; inner++) {
        declaresNamed = bodies.get(inner).methodNames().stream().anyMatch(named);
      }
      if (!declaresNamed) {
        blanked.add(b);
        blankedUntil = body.close();
      }
    }
    return blanked;
  }

  /**
   * The indexes of the members to keep (see the class comment): those whose declaration and code
   * ({@code words}) matter, and those around them by the names in their code ({@code codeWords};
   * a declaration's own name is no call).
   */
  private Set<Integer> keptMembers(List<Member> members, List<CodeWords> words,
      List<CodeWords> codeWords) {
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
    Set<String> keptPrivateNames = new HashSet<>();
    while (!named.isEmpty()) {
      int member = named.poll();
      if (members.get(member).isMethod() && words.get(member).has("private")) {
        keptPrivateNames.add(members.get(member).name());
      }
      CodeWords code = codeWords.get(member);
      methodsByName.forEach((name, methods) -> {
        if (code.has(name)) {
          methods.stream().filter(kept::add).forEach(named::add);
        }
      });
    }
    for (int i = 0; i < members.size(); i++) {
      if (!kept.contains(i) && codeWords.get(i).hasAny(keptPrivateNames)) {
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
