package dev.retryowner.catalog;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where the members of a Java source file's classes hold code, found in one pass over the text
 * without parsing: each method's declaration and body, the code of the other members
 * (constructors, initializer blocks, field initializers), and each class body with the methods it
 * declares. A source engine can leave out the bodies of methods no check reads, and of classes
 * with nothing a check reads, and parse far less, while every other node keeps its line.
 *
 * <p>Only members of a class body count; the classes declared inside a body are part of it.
 * Anything the pass cannot place (braces that do not balance) gives no answer: the caller then
 * reads the whole file.
 */
public final class MemberCode {
  private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum");
  /** A contextual keyword: a type only when a name and a parenthesis or type parameter follow. */
  private static final String RECORD = "record";

  private final List<Member> members;
  private final List<ClassBody> classBodies;

  private MemberCode(List<Member> members, List<ClassBody> classBodies) {
    this.members = List.copyOf(members);
    this.classBodies = List.copyOf(classBodies);
  }

  /** The members that hold code, in the order of the text. */
  public List<Member> members() {
    return members;
  }

  /** The class bodies, in the order of their opening braces. */
  public List<ClassBody> classBodies() {
    return classBodies;
  }

  /**
   * A member that holds code. {@code start} is where its declaration starts (after the previous
   * member), {@code end} the index after its last character. Its code runs from {@code codeOpen}
   * to {@code codeClose}: a body's braces, or a field initializer's {@code =} and semicolon.
   */
  public record Member(String name, boolean isMethod, int start, int codeOpen, int codeClose,
      int end) {}

  /**
   * A class body (of a class, interface, enum, record or annotation type; not an anonymous one),
   * from its opening to its closing brace, with the type's name, where its declaration starts,
   * and the names of the methods and constructors declared directly in the body (and, read
   * loosely, of an enum constant with arguments).
   */
  public record ClassBody(String name, int declarationStart, int open, int close,
      Set<String> methodNames) {}

  /** The members and class bodies of the text; empty if its braces do not balance. */
  public static Optional<MemberCode> of(String sourceText) {
    return new Reader(sourceText).read();
  }

  /** What a brace opened. */
  private enum Block { CLASS_BODY, METHOD_BODY, MEMBER_CODE, NESTED }

  /** An open brace; a class body's collects the names of the methods declared in it. */
  private record Frame(Block block, String className, int declarationStart, int open,
      Set<String> methodNames) {}

  /** One pass over a source text. */
  private static final class Reader {
    private final String text;
    private final List<Member> members = new ArrayList<>();
    private final List<ClassBody> classBodies = new ArrayList<>();
    private final Deque<Frame> frames = new ArrayDeque<>();
    private int at;
    /** The declaration being read at the level of a class body (or of the file). */
    private int declarationStart;
    private int parentheses;
    private boolean typeKeyword;
    private boolean recordKeyword;
    private String typeName;
    private boolean initializer;
    private int initializerAt;
    private String methodName;
    private String lastWord;
    /** The last word names an annotation, which a parenthesis after it does not make a method. */
    private boolean annotationName;
    private char lastSymbol;

    Reader(String text) {
      this.text = text;
    }

    Optional<MemberCode> read() {
      while (at < text.length()) {
        int codeAt = CodeLexer.skipNonCode(text, at);
        if (codeAt != at) {
          at = codeAt;
          continue;
        }
        char c = text.charAt(at);
        if (Character.isJavaIdentifierStart(c)) {
          int end = CodeLexer.identifierEnd(text, at);
          if (atDeclarationLevel()) {
            word(text.substring(at, end));
          }
          at = end;
        } else if (Character.isWhitespace(c)) {
          at++;
        } else if (!symbol(c)) {
          return Optional.empty();
        }
      }
      classBodies.sort((one, other) -> Integer.compare(one.open(), other.open()));
      return frames.isEmpty() ? Optional.of(new MemberCode(members, classBodies))
          : Optional.empty();
    }

    /** Reading declarations: outside any class, or directly in a class body. */
    private boolean atDeclarationLevel() {
      return frames.isEmpty() || frames.peek().block() == Block.CLASS_BODY;
    }

    private void word(String word) {
      if (recordKeyword) {
        recordKeyword = false;
        int next = CodeLexer.skipSpace(text, at + word.length());
        if (next < text.length() && (text.charAt(next) == '(' || text.charAt(next) == '<')) {
          typeKeyword = true;
          typeName = word;
        }
      } else if (typeKeyword && typeName == null) {
        typeName = word;
      } else if (parentheses == 0 && lastSymbol != '.') {
        typeKeyword |= TYPE_KEYWORDS.contains(word);
        recordKeyword = word.equals(RECORD);
      }
      annotationName = lastSymbol == '@' || lastSymbol == '.' && annotationName;
      lastWord = word;
      lastSymbol = 0;
    }

    /** Reads one symbol; false if it closes a brace that was not opened. */
    private boolean symbol(char c) {
      boolean declarations = atDeclarationLevel();
      if (c == '{') {
        Block block = declarations && parentheses == 0 ? blockOpened() : Block.NESTED;
        frames.push(new Frame(block, typeName, declarationStart, at,
            block == Block.CLASS_BODY ? new HashSet<>() : null));
        if (block == Block.CLASS_BODY) {
          startDeclaration(at + 1);
        }
      } else if (c == '}') {
        if (frames.isEmpty()) {
          return false;
        }
        closed(frames.pop());
      } else if (declarations) {
        declarationSymbol(c);
      }
      lastWord = null;
      lastSymbol = c;
      at++;
      return true;
    }

    private void declarationSymbol(char c) {
      if (c == '(') {
        if (parentheses == 0 && methodName == null && lastWord != null && !annotationName
            && !initializer) {
          methodName = lastWord;
          if (!typeKeyword && !frames.isEmpty() && frames.peek().methodNames() != null) {
            frames.peek().methodNames().add(methodName);
          }
        }
        parentheses++;
      } else if (c == ')') {
        parentheses = Math.max(0, parentheses - 1);
      } else if (c == '=' && parentheses == 0 && !initializer) {
        initializer = true;
        initializerAt = at;
      } else if (c == ';' && parentheses == 0) {
        if (initializer && !frames.isEmpty()) {
          members.add(new Member("", false, declarationStart, initializerAt, at, at + 1));
        }
        startDeclaration(at + 1);
      }
    }

    /** What a brace opens at the level of declarations. */
    private Block blockOpened() {
      if (initializer) {
        return Block.MEMBER_CODE;
      }
      if (typeKeyword && typeName != null) {
        return Block.CLASS_BODY;
      }
      if (methodName != null && !frames.isEmpty()) {
        return Block.METHOD_BODY;
      }
      return frames.isEmpty() ? Block.NESTED : Block.MEMBER_CODE;
    }

    private void closed(Frame frame) {
      switch (frame.block()) {
        case METHOD_BODY -> {
          boolean constructor = methodName.equals(frames.peek().className());
          members.add(new Member(methodName, !constructor, declarationStart, frame.open(), at,
              at + 1));
          startDeclaration(at + 1);
        }
        case MEMBER_CODE -> {
          if (!initializer) {
            members.add(new Member("", false, declarationStart, frame.open(), at, at + 1));
            startDeclaration(at + 1);
          }
        }
        case CLASS_BODY -> {
          classBodies.add(new ClassBody(frame.className(), frame.declarationStart(), frame.open(),
              at, Set.copyOf(frame.methodNames())));
          startDeclaration(at + 1);
        }
        case NESTED -> { }
      }
    }

    private void startDeclaration(int from) {
      declarationStart = from;
      parentheses = 0;
      typeKeyword = false;
      recordKeyword = false;
      typeName = null;
      initializer = false;
      methodName = null;
    }
  }
}
