package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import dev.retryowner.catalog.CallAfterFailure;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Project-local retrying components, a whole-program part of HandRolledRetry: once a class of
 * the project is known to retry (a HandRolledRetry finding lies in it, or in a class nested in
 * it, which is part of its behaviour), each place outside the jobs packages that switches that
 * retry on is a finding too:
 *
 * <ul>
 *   <li>a construction of the class or a subclass ({@code new}, or a constructor reference): no
 *       finding of its own, since the class's retry is reported where it runs, but a place of
 *       that retry, which the report names beside it ({@link Construction}). The code of the
 *       class's own nest (its top-level class and everything nested there) is not, nor a
 *       subclass's {@code super(..)} call (constructing the subclass is the switch), nor the
 *       creation of an anonymous or local class, which is part of the code around it;
 *   <li>a call (or a method reference) of the project's own retry helpers: a method that
 *       constructs a retrying component, in its body or in a lambda there, and is handed work
 *       (a parameter of a functional interface type). Handing it work is using a retry helper,
 *       as calling a library's would be. Calls within the helper's own nest are part of the
 *       helper. One step only: the helper's callers are not helpers themselves;
 *   <li>a hand-over of failed work to a retrying method: a call, made after a failure (in a
 *       catch, a failure callback or an error branch, as the source engine saw it), of a method
 *       of another nest that holds a HandRolledRetry finding itself. The failed operation is
 *       run again by that method's retry.
 * </ul>
 *
 * <p>Error Prone sees one compilation unit at a time and cannot know which classes of the
 * project retry; the Maven plugin runs this after its engines.
 */
public final class RetryingComponents {
  private static final RuleDescriptor RULE = RuleRegistry.HAND_ROLLED_RETRY;

  /** How far the source's line of a call may lie from the bytecode's (a chain over lines). */
  private static final int CALL_LINE_SLACK = 3;

  private RetryingComponents() {}

  /**
   * The classes {@code findings} show to retry: each class holding a HandRolledRetry finding and
   * the classes it is nested in. {@link #switchedOn} looks for what constructs or calls them.
   */
  public static Set<String> retryingClasses(List<Finding> findings) {
    Set<String> classes = new LinkedHashSet<>();
    findings.stream().filter(f -> f.rule().equals(RULE.name()))
        .forEach(f -> classes.addAll(enclosingAndSelf(f.className())));
    return classes;
  }

  /**
   * A construction of a retrying class: {@code at} is where (a finding-shaped place, whose line
   * the caller may pin), {@code cause} the finding that shows the class to retry.
   */
  public record Construction(Finding at, Finding cause) {}

  /**
   * What switches on the retries of the classes a run's findings show to retry.
   *
   * @param findings the calls of the helpers that construct them, and the hand-overs of failed
   *     work to their retrying methods: findings of their own
   * @param constructions the constructions of the classes, places of the retries they switch on
   */
  public record SwitchedOn(List<Finding> findings, List<Construction> constructions) {
    static final SwitchedOn NONE = new SwitchedOn(List.of(), List.of());
  }

  /**
   * The places, in {@code classes}, that switch on the retries of the classes {@code findings}
   * show to retry: their constructions, the calls of the helpers that construct them, and, among
   * {@code callsAfterFailure}, the calls of their retrying methods.
   */
  public static SwitchedOn switchedOn(List<Finding> findings,
      List<CallAfterFailure> callsAfterFailure, JavaClasses classes, GateConfig config) {
    Map<String, Finding> retrying = new LinkedHashMap<>();
    Map<String, Finding> retryingMethods = new LinkedHashMap<>();
    findings.stream().filter(f -> f.rule().equals(RULE.name())).forEach(f -> {
      enclosingAndSelf(f.className()).forEach(c -> retrying.putIfAbsent(c, f));
      int parameters = f.member().indexOf('(');
      if (parameters > 0) {
        retryingMethods.putIfAbsent(f.className() + "#" + f.member().substring(0, parameters), f);
      }
    });
    if (retrying.isEmpty()) {
      return SwitchedOn.NONE;
    }
    List<JavaClass> checked = classes.stream().filter(type -> config.jobsPackages().stream()
        .noneMatch(p -> p.matchesPackage(type.getPackageName()))).toList();
    List<Finding> found = new ArrayList<>();
    List<Construction> constructions = new ArrayList<>();
    Map<String, Helper> helpers = new LinkedHashMap<>();
    for (JavaClass type : checked) {
      Stream.concat(type.getConstructorCallsFromSelf().stream(),
              type.getConstructorReferencesFromSelf().stream())
          .forEach(access -> retryingTarget(access, type, retrying).ifPresent(cause -> {
            constructions.add(new Construction(construction(type, access), cause));
            if (access.getOrigin() instanceof JavaMethod method && isHandedWork(method)) {
              helpers.putIfAbsent(method.getFullName(),
                  new Helper(method.getName(), access.getTargetOwner().getName(), cause));
            }
          }));
    }
    // One pass over the calls; a call's target is resolved only if its name and place can
    // make it a hand-over or a helper call, not for each of the program's calls.
    HandOvers handOvers = new HandOvers(callsAfterFailure);
    Set<String> retryingMethodNames = retryingMethods.keySet().stream()
        .map(key -> key.substring(key.indexOf('#') + 1)).collect(Collectors.toSet());
    Set<String> helperNames = helpers.values().stream().map(Helper::name)
        .collect(Collectors.toSet());
    for (JavaClass type : checked) {
      String sourcePath = ForbiddenUses.sourcePath(type);
      Stream.concat(type.getMethodCallsFromSelf().stream(),
              type.getMethodReferencesFromSelf().stream()).forEach(access -> {
                boolean mayHandOver = access instanceof JavaMethodCall
                    && retryingMethodNames.contains(access.getName())
                    && handOvers.madeAfterFailure(sourcePath, access.getLineNumber(),
                        access.getName());
                boolean mayCallHelper = helperNames.contains(access.getName());
                if (!mayHandOver && !mayCallHelper) {
                  return;
                }
                access.getTarget().resolveMember()
                    .filter(method -> !topLevel(method.getOwner().getName())
                        .equals(topLevel(type.getName())))
                    .ifPresent(method -> {
                      String called = method.getOwner().getName() + "#" + method.getName();
                      if (mayHandOver && retryingMethods.containsKey(called)) {
                        found.add(handOver(type, access, called, retryingMethods.get(called)));
                      }
                      Helper helper = helpers.get(method.getFullName());
                      if (mayCallHelper && helper != null) {
                        found.add(helperCall(type, access, method, helper));
                      }
                    });
              });
    }
    return new SwitchedOn(found, constructions);
  }

  /** A method {@code name} that constructs {@code component}, whose retry {@code cause} shows. */
  private record Helper(String name, String component, Finding cause) {}

  /** The calls made after a failure, by file and method name. */
  private static final class HandOvers {
    private final Map<String, List<Integer>> lines = new HashMap<>();

    HandOvers(List<CallAfterFailure> calls) {
      calls.forEach(call -> lines.computeIfAbsent(call.sourcePath() + "#" + call.method(),
          key -> new ArrayList<>()).add(call.line()));
    }

    boolean madeAfterFailure(String sourcePath, int line, String method) {
      return lines.getOrDefault(sourcePath + "#" + method, List.of()).stream()
          .anyMatch(written -> Math.abs(written - line) <= CALL_LINE_SLACK);
    }
  }

  /** The finding that shows the constructed class, or a superclass of it, to retry. */
  private static Optional<Finding> retryingTarget(JavaAccess<?> access, JavaClass origin,
      Map<String, Finding> retrying) {
    JavaClass target = access.getTargetOwner();
    boolean superCall = origin.getAllRawSuperclasses().contains(target);
    if (superCall || target.isAnonymousClass() || target.isLocalClass()) {
      return Optional.empty();
    }
    String nest = topLevel(origin.getName());
    return Stream.concat(Stream.of(target), target.getAllRawSuperclasses().stream())
        .filter(c -> retrying.containsKey(c.getName()))
        .findFirst()
        .filter(c -> !topLevel(c.getName()).equals(nest))
        .map(c -> retrying.get(c.getName()));
  }

  /** True if a parameter of {@code method} is work: of an interface type with one method. */
  private static boolean isHandedWork(JavaCodeUnit method) {
    return method.getRawParameterTypes().stream().anyMatch(type -> type.isInterface()
        && type.getAllMethods().stream()
            .filter(m -> m.getModifiers().contains(JavaModifier.ABSTRACT))
            .map(JavaMethod::getName).distinct().count() == 1);
  }

  /** {@code a.B$C$1}, {@code a.B$C} and {@code a.B}. */
  private static List<String> enclosingAndSelf(String className) {
    List<String> names = new ArrayList<>(List.of(className));
    for (int i = className.lastIndexOf('$'); i > 0; i = className.lastIndexOf('$', i - 1)) {
      names.add(className.substring(0, i));
    }
    return names;
  }

  private static String topLevel(String className) {
    int nested = className.indexOf('$');
    return nested < 0 ? className : className.substring(0, nested);
  }

  private static Finding construction(JavaClass type, JavaAccess<?> access) {
    String constructed = access.getTargetOwner().getName();
    return finding(type, access, constructed, "constructs " + constructed + ", which switches"
        + " this retry on");
  }

  private static Finding helperCall(JavaClass type, JavaAccess<?> access, JavaCodeUnit method,
      Helper helper) {
    String called = method.getOwner().getName() + "#" + method.getName();
    return finding(type, access, called, "this calls " + called + ", which hands the work it is"
        + " given to " + helper.component() + ", which runs work again after a failure ("
        + where(helper.cause()) + "): calling it switches that retry on");
  }

  private static Finding handOver(JavaClass type, JavaAccess<?> access, String called,
      Finding cause) {
    return finding(type, access, called, "this hands the failed work to " + called + ", which"
        + " runs it again after a failure (" + where(cause) + ")");
  }

  private static String where(Finding cause) {
    return "HandRolledRetry at " + cause.sourcePath() + ":" + cause.line();
  }

  private static Finding finding(JavaClass type, JavaAccess<?> access, String target,
      String message) {
    return new Finding(RULE.name(), type.getName(), ForbiddenUses.memberName(access.getOrigin()),
        ForbiddenUses.sourcePath(type), access.getLineNumber(), Site.CALL, target, message,
        RetryLoopEvidence.WHY);
  }
}
