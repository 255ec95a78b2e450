package dev.retryowner.catalog.shape;

import java.util.List;

/**
 * One unit of code as {@link Code}: a method, a constructor, or an initializer (an initializer
 * block or a field's initializer). Local and anonymous classes inside it are units of their own.
 *
 * @param origin the engine's node of the unit
 * @param name the method's name; the class name for a constructor, empty for an initializer
 * @param parameters the parameters, in order
 * @param body the body; an initializer's expression for a field
 * @param kind what the unit is
 * @param access who may call the method or constructor
 */
public record MethodCode(Object origin, String name, List<Parameter> parameters, Code body,
    Kind kind, Access access) {

  public MethodCode {
    parameters = List.copyOf(parameters);
  }

  /** An initializer, which nothing calls. */
  public static MethodCode initializer(Object origin, Code body) {
    return new MethodCode(origin, "", List.of(), body, Kind.INITIALIZER, Access.PACKAGE);
  }

  /** What a unit is. */
  public enum Kind { METHOD, CONSTRUCTOR, INITIALIZER }

  /**
   * Who may call a unit: its own class ({@code private}), its package (no modifier), or code
   * anywhere ({@code public}, {@code protected}, an interface's methods): a way in for others.
   */
  public enum Access { PRIVATE, PACKAGE, OPEN }

  /** A private method or constructor: only its own class calls it. */
  public boolean isPrivate() {
    return access == Access.PRIVATE;
  }

  /** A parameter; {@code type} as the engine knows it, qualified when resolved. */
  public record Parameter(String name, String type) {}

  /** True if {@code name} is one of the parameters. */
  public boolean hasParameter(String name) {
    return parameters.stream().anyMatch(p -> p.name().equals(name));
  }
}
