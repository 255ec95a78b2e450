package dev.retryowner.gate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Which of a run's classes are checked: those an {@code includes} pattern matches (every class
 * when there are none) and no {@code excludes} pattern matches, see {@link ClassNamePattern}. A
 * nested or anonymous class ({@code Foo$Bar}, {@code Foo$1}) follows its top-level class, the
 * name before the first {@code $}, so a class and its inner classes are always checked together.
 */
public final class ClassSelection {
  /** Every class. */
  public static final ClassSelection ALL = new ClassSelection(List.of(), List.of());

  private final List<ClassNamePattern> includes;
  private final List<ClassNamePattern> excludes;

  private ClassSelection(List<ClassNamePattern> includes, List<ClassNamePattern> excludes) {
    this.includes = includes;
    this.excludes = excludes;
  }

  /** The selection of these patterns; a malformed one is a {@link GateException} naming it. */
  public static ClassSelection of(List<String> includes, List<String> excludes)
      throws GateException {
    return new ClassSelection(patterns(GateOption.INCLUDES, includes),
        patterns(GateOption.EXCLUDES, excludes));
  }

  private static List<ClassNamePattern> patterns(GateOption setting, List<String> texts)
      throws GateException {
    List<ClassNamePattern> patterns = new ArrayList<>();
    for (String text : texts) {
      try {
        patterns.add(ClassNamePattern.parse(text));
      } catch (IllegalArgumentException e) {
        String problem = e.getMessage();
        throw new GateException(frontEnd -> "retry-owner: invalid " + setting.parameter() + ": "
            + problem + ". Fix " + frontEnd.whereSet(setting) + ".", e);
      }
    }
    return List.copyOf(patterns);
  }

  /** True if the class (binary name) is checked. */
  public boolean selects(String binaryClassName) {
    String topLevel = topLevel(binaryClassName);
    return (includes.isEmpty() || includes.stream().anyMatch(p -> p.matches(topLevel)))
        && excludes.stream().noneMatch(p -> p.matches(topLevel));
  }

  /**
   * What to tell the user about these patterns on the run's classes: an includes or excludes
   * pattern that matches none of them is a stale name or a typo and changes nothing.
   */
  List<String> warnings(Collection<String> binaryClassNames) {
    List<String> warnings = new ArrayList<>();
    warnUnmatched("includes", includes, binaryClassNames, warnings);
    warnUnmatched("excludes", excludes, binaryClassNames, warnings);
    return warnings;
  }

  private static void warnUnmatched(String parameter, List<ClassNamePattern> patterns,
      Collection<String> binaryClassNames, List<String> warnings) {
    for (ClassNamePattern pattern : patterns) {
      if (binaryClassNames.stream().map(ClassSelection::topLevel).noneMatch(pattern::matches)) {
        warnings.add(parameter + " pattern '" + pattern + "' matches none of the "
            + binaryClassNames.size() + " classes; check its spelling (a class name pattern"
            + " such as com.acme.** or **.*Grpc) or remove it");
      }
    }
  }

  /** A description for messages, e.g. "includes [com.acme.**], excludes [**.generated.**]". */
  @Override
  public String toString() {
    return "includes " + includes + ", excludes " + excludes;
  }

  private static String topLevel(String binaryClassName) {
    int dollar = binaryClassName.indexOf('$');
    return dollar < 0 ? binaryClassName : binaryClassName.substring(0, dollar);
  }
}
