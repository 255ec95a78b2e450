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
 * @param isPrivate a private method or constructor: only its own class calls it
 */
public record MethodCode(Object origin, String name, List<Parameter> parameters, Code body,
    Kind kind, boolean isPrivate) {

  public MethodCode {
    parameters = List.copyOf(parameters);
  }

  /** An initializer, which nothing calls. */
  public static MethodCode initializer(Object origin, Code body) {
    return new MethodCode(origin, "", List.of(), body, Kind.INITIALIZER, false);
  }

  /** What a unit is. */
  public enum Kind { METHOD, CONSTRUCTOR, INITIALIZER }

  /** A parameter; {@code type} as the engine knows it, qualified when resolved. */
  public record Parameter(String name, String type) {}

  /** True if {@code name} is one of the parameters. */
  public boolean hasParameter(String name) {
    return parameters.stream().anyMatch(p -> p.name().equals(name));
  }
}
