package dev.retryowner.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The member part of a finding, read leniently: {@code ""} (the class itself), {@code retry}
 * (a field, or a method without parameter list), {@code charge(java.util.function.Supplier)},
 * {@code <init>(...)} or the class's simple name for a constructor, optionally prefixed with the
 * declaring class ({@code com.acme.Foo.charge(...)}).
 *
 * @param name the member name, {@code <init>} for constructors, empty for the class itself
 * @param parameterTypes the erased parameter type names as written, if a list was given
 */
record MemberSignature(String name, Optional<List<String>> parameterTypes) {
  static final String CONSTRUCTOR = "<init>";

  static MemberSignature parse(String member, String simpleClassName) {
    String text = member.strip();
    int open = text.indexOf('(');
    String head = open < 0 ? text : text.substring(0, open);
    String name = head.substring(head.lastIndexOf('.') + 1);
    if (name.equals(simpleClassName)) {
      name = CONSTRUCTOR;
    }
    if (open < 0) {
      return new MemberSignature(name, Optional.empty());
    }
    int close = text.lastIndexOf(')');
    String list = text.substring(open + 1, close < open ? text.length() : close).strip();
    List<String> types = new ArrayList<>();
    if (!list.isEmpty()) {
      for (String type : list.split(",")) {
        types.add(simpleErasure(fromDescriptor(type.strip())));
      }
    }
    return new MemberSignature(name, Optional.of(List.copyOf(types)));
  }

  boolean isClass() {
    return name.isEmpty();
  }

  boolean isConstructor() {
    return name.equals(CONSTRUCTOR);
  }

  /** Whether a declaration with these written parameter types can be this member. */
  boolean acceptsParameters(List<String> writtenTypes) {
    if (parameterTypes.isEmpty()) {
      return true;
    }
    List<String> expected = parameterTypes.get();
    if (expected.size() != writtenTypes.size()) {
      return false;
    }
    for (int i = 0; i < expected.size(); i++) {
      if (!expected.get(i).equals(simpleErasure(writtenTypes.get(i)))) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code java.util.List<Foo>[]} and {@code Outer$Inner...} become {@code List[]} and
   * {@code Inner[]}: erased simple names compare across the bytecode and the source spelling.
   */
  static String simpleErasure(String typeName) {
    StringBuilder erased = new StringBuilder();
    int depth = 0;
    for (char c : typeName.strip().toCharArray()) {
      if (c == '<') {
        depth++;
      } else if (c == '>') {
        depth--;
      } else if (depth == 0 && !Character.isWhitespace(c)) {
        erased.append(c);
      }
    }
    String text = erased.toString().replace("...", "[]");
    int dims = text.indexOf('[');
    String base = dims < 0 ? text : text.substring(0, dims);
    String arrays = dims < 0 ? "" : text.substring(dims);
    int cut = Math.max(base.lastIndexOf('.'), base.lastIndexOf('$'));
    return base.substring(cut + 1) + arrays;
  }

  /** Bytecode spells arrays as descriptors: {@code [Ljava.lang.String;} is {@code String[]}. */
  private static String fromDescriptor(String typeName) {
    int dims = 0;
    while (dims < typeName.length() && typeName.charAt(dims) == '[') {
      dims++;
    }
    if (dims == 0) {
      return typeName;
    }
    String element = typeName.substring(dims);
    String base = switch (element) {
      case "Z" -> "boolean";
      case "B" -> "byte";
      case "C" -> "char";
      case "S" -> "short";
      case "I" -> "int";
      case "J" -> "long";
      case "F" -> "float";
      case "D" -> "double";
      default -> element.startsWith("L") && element.endsWith(";")
          ? element.substring(1, element.length() - 1) : element;
    };
    return base + "[]".repeat(dims);
  }
}
