package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The engine-neutral model of the code a retry shape reads: statements and expressions reduced to
 * what the decision procedures of {@link RetryShapes} ask about. Each engine (javac trees for
 * Error Prone, JavaParser trees for the plugin) adapts its own tree into this model, so a shape is
 * written once. Every node keeps its engine's node as {@link #origin()}, which the engine turns
 * back into a line or a position when it reports. Parentheses are dropped by the adapters.
 */
public sealed interface Code {
  /** The engine's node this one was made from. */
  Object origin();

  /** The direct children, in source order. */
  List<Code> children();

  /** This node and every node below it, in source order, not entering {@code skip}. */
  default void walk(Predicate<Code> skip, Consumer<Code> visitor) {
    visitor.accept(this);
    for (Code child : children()) {
      if (!skip.test(child)) {
        child.walk(skip, visitor);
      }
    }
  }

  /** Every node of type {@code type} at or below this one, not entering {@code skip}. */
  default <T extends Code> List<T> findAll(Class<T> type, Predicate<Code> skip) {
    List<T> found = new ArrayList<>();
    walk(skip, node -> {
      if (type.isInstance(node)) {
        found.add(type.cast(node));
      }
    });
    return found;
  }

  /** {@code { ... }}. */
  record Block(Object origin, List<Code> statements) implements Code {
    public Block {
      statements = List.copyOf(statements);
    }

    @Override
    public List<Code> children() {
      return statements;
    }
  }

  /** The kinds of loop, with the words a finding uses for them. */
  enum LoopKind {
    WHILE("while loop"), DO_WHILE("do-while loop"), FOR("for loop"), FOR_EACH("for-each loop");

    private final String words;

    LoopKind(String words) {
      this.words = words;
    }

    public String words() {
      return words;
    }
  }

  /**
   * A loop. {@code condition} is null when there is none ({@code for (;;)}); a for-each has its
   * iterable as {@code condition} and its element variable as the one initializer, without a
   * value; other {@code initializers} and {@code update} belong to a basic for.
   */
  record Loop(Object origin, LoopKind kind, List<Code> initializers, Code condition,
      List<Code> update, Code body) implements Code {
    public Loop {
      initializers = List.copyOf(initializers);
      update = List.copyOf(update);
    }

    @Override
    public List<Code> children() {
      List<Code> children = new ArrayList<>(initializers);
      if (condition != null) {
        children.add(condition);
      }
      children.addAll(update);
      children.add(body);
      return children;
    }
  }

  /** {@code try (resources) body catches finally}; {@code finallyBlock} may be null. */
  record Try(Object origin, List<Code> resources, Block body, List<Catch> catches,
      Block finallyBlock) implements Code {
    public Try {
      resources = List.copyOf(resources);
      catches = List.copyOf(catches);
    }

    @Override
    public List<Code> children() {
      List<Code> children = new ArrayList<>(resources);
      children.add(body);
      children.addAll(catches);
      if (finallyBlock != null) {
        children.add(finallyBlock);
      }
      return children;
    }
  }

  /**
   * {@code catch (A | B parameter) body}; {@code types} are the caught types, each as the engine
   * knows it: qualified when resolved, else as written.
   */
  record Catch(Object origin, String parameter, List<String> types, Block body) implements Code {
    public Catch {
      types = List.copyOf(types);
    }

    @Override
    public List<Code> children() {
      return List.of(body);
    }
  }

  /** {@code if (condition) then else otherwise} and {@code condition ? then : otherwise}. */
  record If(Object origin, Code condition, Code then, Code otherwise, boolean expression)
      implements Code {
    @Override
    public List<Code> children() {
      return otherwise == null ? List.of(condition, then) : List.of(condition, then, otherwise);
    }
  }

  /** The kinds of jump. */
  enum JumpKind { BREAK, CONTINUE, RETURN, THROW, YIELD }

  /** {@code break label}, {@code continue}, {@code return value}, {@code throw value}. */
  record Jump(Object origin, JumpKind kind, String label, Code value) implements Code {
    @Override
    public List<Code> children() {
      return value == null ? List.of() : List.of(value);
    }
  }

  /** A switch statement or expression: an unlabelled {@code break} in it leaves the switch. */
  record Switch(Object origin, Code selector, List<Code> body) implements Code {
    public Switch {
      body = List.copyOf(body);
    }

    @Override
    public List<Code> children() {
      List<Code> children = new ArrayList<>();
      children.add(selector);
      children.addAll(body);
      return children;
    }
  }

  /**
   * What an engine knows of a value's type: a failure (a subtype of {@code java.lang.Throwable}),
   * something else, or nothing (a type it cannot resolve).
   */
  enum TypeFact { FAILURE, OTHER, UNKNOWN }

  /** A lambda; its parameters by name, and what is known of each one's type, in order. */
  record Lambda(Object origin, List<String> parameters, List<TypeFact> parameterTypes, Code body)
      implements Code {
    public Lambda {
      parameters = List.copyOf(parameters);
      parameterTypes = List.copyOf(parameterTypes);
    }

    @Override
    public List<Code> children() {
      return List.of(body);
    }
  }

  /**
   * The body of a local or anonymous class: its methods are units of their own (an engine models
   * each again), so a shape of the enclosing method only looks in when it asks for callbacks.
   */
  record ClassBody(Object origin, List<MethodCode> methods) implements Code {
    public ClassBody {
      methods = List.copyOf(methods);
    }

    @Override
    public List<Code> children() {
      return List.of();
    }
  }

  /**
   * A simple name: a local, a parameter, a field, or {@code this}. {@code definition} is the
   * initializer of an effectively final local {@code boolean} the name reads
   * ({@code boolean unavailable = code == 503;}), so a condition on the name reads as one on the
   * value, and so is that of an effectively final local {@code int} set by a no-argument call
   * ({@code int status = response.code();}), so a comparison of the name reads as one of the
   * call; null for any other name. It is no child: the initializer sits in its declaration.
   * {@code type} is what the engine knows of the variable's type.
   */
  record Name(Object origin, String name, Code definition, TypeFact type) implements Code {
    /** A name with no definition a condition could read through, of a type not known. */
    public Name(Object origin, String name) {
      this(origin, name, null, TypeFact.UNKNOWN);
    }

    @Override
    public List<Code> children() {
      return List.of();
    }
  }

  /** A literal: an Integer, Long, Boolean, String, Character or Double, or null for null. */
  record Literal(Object origin, Object value) implements Code {
    @Override
    public List<Code> children() {
      return List.of();
    }
  }

  /**
   * A method call; {@code receiver} is null when the call has none; {@code type} is what the
   * engine knows of the type the call returns.
   */
  record Call(Object origin, Code receiver, String name, List<Code> arguments, Callee callee,
      TypeFact type) implements Code {
    public Call {
      arguments = List.copyOf(arguments);
    }

    @Override
    public List<Code> children() {
      List<Code> children = new ArrayList<>();
      if (receiver != null) {
        children.add(receiver);
      }
      children.addAll(arguments);
      return children;
    }

    /** No receiver, or {@code this}. */
    public boolean onOwnReceiver() {
      return receiver == null || receiver instanceof Name name && name.name().equals("this");
    }
  }

  /** What an engine knows about the method a call or method reference reaches. */
  interface Callee {
    /** The catalog entry of the rule's shape calls that the call names, if any. */
    Optional<CatalogEntry> entry();

    /**
     * The display name of a catalog delay call made directly in the body of the method called,
     * when that method is in the same file.
     */
    Optional<String> delayInHelper();

    /** True if the call reaches the method of {@code unit}. */
    boolean reaches(MethodCode unit);

    /** The catalog delay entry's display name if the call is a catalog delay call. */
    default Optional<String> delay() {
      return entryOf(EntryKind.METHOD).map(CatalogEntry::displayName);
    }

    /** The catalog resend entry's display name if the call is a catalog send call. */
    default Optional<String> resend() {
      return entryOf(EntryKind.RESEND_CALL).map(CatalogEntry::displayName);
    }

    /** The catalog redelivery entry if the call hands a message back to its broker. */
    default Optional<CatalogEntry> redelivery() {
      return entryOf(EntryKind.REDELIVERY_CALL);
    }

    /** The catalog back-off entry if the call asks a back-off schedule for the next wait. */
    default Optional<CatalogEntry> backOff() {
      return entryOf(EntryKind.BACKOFF_CALL);
    }

    /** True if the call only reads a state (a catalog state query): no work of its own. */
    default boolean readsState() {
      return entryOf(EntryKind.STATE_QUERY).isPresent();
    }

    /** True if the call resolves a host name to its addresses (a catalog address lookup). */
    default boolean resolvesAddresses() {
      return entryOf(EntryKind.ADDRESS_LOOKUP).isPresent();
    }

    private Optional<CatalogEntry> entryOf(EntryKind kind) {
      return entry().filter(e -> e.kind() == kind);
    }

    /** What an engine found; the helper's delay is looked up only when a shape asks for it. */
    static Callee of(Optional<CatalogEntry> entry, Supplier<Optional<String>> delayInHelper,
        Predicate<MethodCode> reaches) {
      return new Callee() {
        @Override
        public Optional<CatalogEntry> entry() {
          return entry;
        }

        @Override
        public Optional<String> delayInHelper() {
          return delayInHelper.get();
        }

        @Override
        public boolean reaches(MethodCode unit) {
          return reaches.test(unit);
        }
      };
    }
  }

  /** {@code Type::method}, {@code this::method}. */
  record MethodRef(Object origin, Code receiver, String name, Callee callee) implements Code {
    @Override
    public List<Code> children() {
      return receiver == null ? List.of() : List.of(receiver);
    }
  }

  /** {@code new Type(arguments)}, with the body of an anonymous class or null. */
  record New(Object origin, String type, List<Code> arguments, ClassBody body) implements Code {
    public New {
      arguments = List.copyOf(arguments);
    }

    @Override
    public List<Code> children() {
      List<Code> children = new ArrayList<>(arguments);
      if (body != null) {
        children.add(body);
      }
      return children;
    }
  }

  /** A unary operator: {@code !}, {@code -}, {@code ++x}, {@code x++}, {@code --x}, {@code x--}. */
  record Unary(Object origin, String operator, Code operand) implements Code {
    public static final String PRE_INCREMENT = "++x";
    public static final String POST_INCREMENT = "x++";
    public static final String PRE_DECREMENT = "--x";
    public static final String POST_DECREMENT = "x--";

    @Override
    public List<Code> children() {
      return List.of(operand);
    }

    /** An increment or decrement. */
    public boolean steps() {
      return operator.equals(PRE_INCREMENT) || operator.equals(POST_INCREMENT)
          || operator.equals(PRE_DECREMENT) || operator.equals(POST_DECREMENT);
    }
  }

  /** A binary operator, written as in Java: {@code &&}, {@code ==}, {@code +}, ... */
  record Binary(Object origin, String operator, Code left, Code right) implements Code {
    @Override
    public List<Code> children() {
      return List.of(left, right);
    }
  }

  /** {@code target = value}, {@code target += value}, ... */
  record Assign(Object origin, String operator, Code target, Code value) implements Code {
    @Override
    public List<Code> children() {
      return List.of(target, value);
    }
  }

  /** {@code scope.name}: a field, or a qualified name. */
  record Select(Object origin, Code scope, String name) implements Code {
    @Override
    public List<Code> children() {
      return List.of(scope);
    }
  }

  /** A local variable declaration; {@code initializer} may be null. */
  record Variable(Object origin, String name, Code initializer) implements Code {
    @Override
    public List<Code> children() {
      return initializer == null ? List.of() : List.of(initializer);
    }
  }

  /** {@code array[index]}. */
  record ArrayAccess(Object origin, Code array, Code index) implements Code {
    @Override
    public List<Code> children() {
      return List.of(array, index);
    }
  }

  /** {@code (Type) operand}: the operand's value under another static type. */
  record Cast(Object origin, Code operand) implements Code {
    @Override
    public List<Code> children() {
      return List.of(operand);
    }
  }

  /** Anything else (instanceof, array creation, synchronized, ...), by its children. */
  record Other(Object origin, List<Code> children) implements Code {
    public Other {
      children = List.copyOf(children);
    }
  }
}
