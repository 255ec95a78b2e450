package dev.retryowner.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The exemptions of a code base and what each covers, the one definition every engine that
 * filters {@link Finding}s uses. Engines add what they read; a covered finding is not a failure
 * but is reported as exempted with the exemption's reason.
 *
 * <p>Coverage: an exemption on a class covers findings in the class and in every class nested in
 * it (nested, local and anonymous classes are {@code Outer$...}); on a member, findings of that
 * member (a use in a lambda belongs to the method declaring the lambda), plus what the reader
 * adds with {@link #addLocalClass} (classes declared in the member's body) and {@link
 * #addInitializerLine} (a field initializer's code, which bytecode keeps in a constructor or the
 * static initializer). An exemption covers only the rule it names. An invalid exemption ({@link
 * Exemption#problem}) covers nothing and is listed by {@link #invalid()}.
 */
public final class Exemptions {
  private final Set<String> extraRuleNames;
  private final List<Coverage> coverage = new ArrayList<>();
  private final List<Exemption> invalid = new ArrayList<>();

  /**
   * @param extraRuleNames rule names valid besides the {@link RuleRegistry}'s, e.g. custom rules
   */
  public Exemptions(Set<String> extraRuleNames) {
    this.extraRuleNames = Set.copyOf(extraRuleNames);
  }

  /** Adds an exemption read from an annotation; an invalid one is kept apart. */
  public void add(Exemption exemption) {
    if (exemption.problem(extraRuleNames).isPresent()) {
      invalid.add(exemption);
    } else {
      coverage.add(new Coverage(exemption, exemption.className(), exemption.member(), 0));
    }
  }

  /** Extends a valid member exemption to a local or anonymous class declared in the member. */
  public void addLocalClass(Exemption exemption, String localClassName) {
    if (exemption.problem(extraRuleNames).isEmpty()) {
      coverage.add(new Coverage(exemption, localClassName, "", 0));
    }
  }

  /**
   * Extends a valid field exemption to the field initializer's code: findings of {@code member}
   * (a constructor or {@code <clinit>()}) of the field's class on {@code line}.
   */
  public void addInitializerLine(Exemption exemption, String member, int line) {
    if (exemption.problem(extraRuleNames).isEmpty()) {
      coverage.add(new Coverage(exemption, exemption.className(), member, line));
    }
  }

  /** The valid exemption that covers {@code finding}, if any. */
  public Optional<Exemption> covering(Finding finding) {
    return coverage.stream().filter(c -> c.covers(finding)).map(Coverage::exemption).findFirst();
  }

  /** What makes {@code exemption} invalid under these exemptions' known rule names. */
  public Optional<String> problem(Exemption exemption) {
    return exemption.problem(extraRuleNames);
  }

  /** The exemptions that are invalid, in the order read. */
  public List<Exemption> invalid() {
    return List.copyOf(invalid);
  }

  private record Coverage(Exemption exemption, String className, String member, int line) {
    boolean covers(Finding finding) {
      if (!finding.rule().equals(exemption.rule())) {
        return false;
      }
      if (member.isEmpty()) {
        return finding.className().equals(className)
            || finding.className().startsWith(className + "$");
      }
      return finding.className().equals(className) && sameMember(finding.member(), member)
          && (line == 0 || finding.line() == line);
    }
  }

  /**
   * True if two member names denote the same member, whether bytecode wrote the parameter types
   * ({@code charge(java.util.function.Supplier)}, {@code [Ljava.lang.String;}) or source did
   * ({@code charge(Supplier<String>)}, {@code String...}): names and simple erased types match.
   */
  static boolean sameMember(String a, String b) {
    return a.equals(b) || normalized(a).equals(normalized(b));
  }

  private static String normalized(String member) {
    int open = member.indexOf('(');
    if (open < 0) {
      return member;
    }
    String list = member.substring(open + 1, member.lastIndexOf(')')).strip();
    List<String> types = new ArrayList<>();
    int depth = 0;
    StringBuilder current = new StringBuilder();
    for (char c : list.toCharArray()) {
      depth += c == '<' ? 1 : c == '>' ? -1 : 0;
      if (c == ',' && depth == 0) {
        types.add(simpleErasure(current.toString()));
        current.setLength(0);
      } else if (depth == 0 && c != '>') {
        current.append(c);
      }
    }
    if (!list.isEmpty()) {
      types.add(simpleErasure(current.toString()));
    }
    return member.substring(0, open) + "(" + String.join(",", types) + ")";
  }

  private static String simpleErasure(String type) {
    String text = type.strip().replace("...", "[]");
    StringBuilder dimensions = new StringBuilder();
    while (text.startsWith("[")) {
      text = text.substring(1);
      dimensions.append("[]");
    }
    if (dimensions.length() > 0 && text.startsWith("L") && text.endsWith(";")) {
      text = text.substring(1, text.length() - 1);
    }
    String simple = text.substring(Math.max(text.lastIndexOf('.'), text.lastIndexOf('$')) + 1);
    return simple + dimensions;
  }
}
