package dev.retryowner.catalog.shape;

import java.util.List;

/**
 * One class body as the shapes read it: its units, its simple name (empty for an anonymous class)
 * and the class body it is nested in (null for a top-level class). A file's class bodies are read
 * together, because a retry may run through a nested class: a callback object whose failure
 * handler calls back into the outer class's method that makes the next callback.
 *
 * @param origin the engine's node of the class body
 * @param name the simple name; empty for an anonymous class
 * @param units the methods, constructors and initializers of the body
 * @param enclosing the class body this one is declared in, or null
 */
public record ClassCode(Object origin, String name, List<MethodCode> units, ClassCode enclosing) {

  public ClassCode {
    units = List.copyOf(units);
  }

  /** The simple name a written type names: {@code a.b.Outer.Inner<T>}, {@code Outer$Inner}. */
  static String simpleName(String type) {
    String raw = type.contains("<") ? type.substring(0, type.indexOf('<')) : type;
    return raw.substring(Math.max(raw.lastIndexOf('.'), raw.lastIndexOf('$')) + 1).trim();
  }
}
