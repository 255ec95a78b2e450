package dev.retryowner.gate.amplification;

import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.ForbiddenUseScope;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.source.RelationsScopeSubject;
import dev.retryowner.source.TypeRelations;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.objectweb.asm.Opcodes;

/**
 * Where the map's paths start, in the checked classes: job handlers and listeners (subtypes of
 * the catalog's {@code entry-type}s), request-path code (SleepInRequestPath's scope: controllers,
 * JAX-RS resources, servlets, the request-path packages), {@code main}, and every public or
 * protected method nothing in the classes read calls (a framework, a test or another module
 * does). A job handler's step is its kind's policy, when a registration shows which.
 */
final class EntryPoints {
  private static final String MAIN_DESCRIPTOR = "([Ljava/lang/String;)V";

  /**
   * A method a path starts at.
   *
   * @param method the method
   * @param kind why it is one, e.g. "job handler"
   * @param policy the attempts the code around it makes (a job kind's policy), 1 for others;
   *     unknown for a handler no registration in the classes read shows the kind of
   */
  record Entry(MethodId method, String kind, Layer policy) {}

  private EntryPoints() {}

  static List<Entry> of(CallGraph graph, GateConfig config, TypeRelations relations,
      Predicate<String> checked) {
    Set<String> entryTypes = new LinkedHashSet<>();
    for (CatalogEntry entry : config.catalog().entries()) {
      if (entry.kind() == EntryKind.ENTRY_TYPE) {
        entryTypes.add(entry.typeName());
      }
    }
    ForbiddenUseScope requestPath =
        config.forbiddenUseScope(RuleRegistry.SLEEP_IN_REQUEST_PATH);
    Map<String, Layer> policies = policies(graph);
    List<Entry> entries = new ArrayList<>();
    for (ClassCode type : graph.types()) {
      if (!checked.test(type.name())) {
        continue;
      }
      Set<String> supertypes = relations.selfAndSupertypes(type.name());
      Optional<String> handled = entryTypes.stream().filter(supertypes::contains).findFirst();
      boolean inRequestPath = requestPath.reasonFor(
          new RelationsScopeSubject(type.name(), relations)).isPresent();
      for (MethodCode method : type.methods()) {
        if ((method.access() & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE
            | Opcodes.ACC_ABSTRACT)) != 0 || method.id().name().equals("<clinit>")) {
          continue;
        }
        boolean visible = (method.access() & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) != 0;
        boolean instance = (method.access() & Opcodes.ACC_STATIC) == 0;
        boolean constructor = method.id().name().equals("<init>");
        if (handled.isPresent() && visible && instance && !constructor) {
          entries.add(new Entry(method.id(), "job handler or listener ("
              + Hop.simpleName(handled.get()) + ")", policies.getOrDefault(type.name(), Layer.unknown(
                  "no registration in the classes read shows its kind, so its policy's"
                      + " attempts are unknown")).asJobPolicy()));
        } else if (inRequestPath && visible && !constructor) {
          entries.add(new Entry(method.id(), "request path", Layer.ONCE));
        } else if (isMain(method)) {
          entries.add(new Entry(method.id(), "main", Layer.ONCE));
        } else if (visible && !graph.isCalled(method.id())) {
          entries.add(new Entry(method.id(), "not called in the classes read", Layer.ONCE));
        }
      }
    }
    return entries;
  }

  private static boolean isMain(MethodCode method) {
    return method.id().name().equals("main") && method.id().descriptor().equals(MAIN_DESCRIPTOR)
        && (method.access() & (Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC))
            == (Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC);
  }

  /**
   * The policy of each class registered with an attempt count: a call that hands a new instance
   * of it over beside a policy (directly, or a static field holding a kind built with one).
   */
  private static Map<String, Layer> policies(CallGraph graph) {
    Map<String, Integer> fieldAttempts = new HashMap<>();
    Map<String, String> fieldWhere = new HashMap<>();
    for (ClassCode type : graph.types()) {
      for (MethodCode method : type.methods()) {
        for (MethodCode.FieldAttempts stored : method.staticFieldAttempts()) {
          String field = type.name() + "#" + stored.field();
          fieldAttempts.merge(field, stored.attempts(), Math::max);
          fieldWhere.putIfAbsent(field, Hop.simpleName(type.name()) + "." + stored.field());
        }
      }
    }
    Map<String, List<Layer>> found = new HashMap<>();
    for (ClassCode type : graph.types()) {
      for (MethodCode method : type.methods()) {
        for (MethodCode.Registration registration : method.registrations()) {
          String where = Hop.location(type.sourcePath(), type.name(), registration.line());
          List<Layer> layers = new ArrayList<>();
          registration.attempts().forEach(n -> layers.add(Layer.of(n,
              "its policy allows " + n + " attempts (registered at " + where + ")")));
          for (String field : registration.staticFields()) {
            Integer n = fieldAttempts.get(field);
            if (n != null) {
              layers.add(Layer.of(n, "its kind " + fieldWhere.get(field) + " allows " + n
                  + " attempts (registered at " + where + ")"));
            }
          }
          if (!layers.isEmpty()) {
            registration.constructedTypes().forEach(handler ->
                found.computeIfAbsent(handler, h -> new ArrayList<>()).addAll(layers));
          }
        }
      }
    }
    Map<String, Layer> policies = new HashMap<>();
    found.forEach((handler, layers) -> policies.put(handler, Layer.largest(layers)));
    return policies;
  }
}
