package dev.retryowner.gate.custom;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.retryowner.archrules.CustomRuleFindings;
import dev.retryowner.archrules.spi.CustomRule;
import dev.retryowner.archrules.spi.RetryOwnerRuleProvider;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateOption;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The teams' own ArchUnit rules a gate run evaluates: those of every {@link
 * RetryOwnerRuleProvider} a class loader offers (the plugin's, which holds the rule jars a POM
 * adds as plugin dependencies), less the disabled ones.
 */
public final class InstalledRules {
  /** No custom rules. */
  public static final InstalledRules NONE = new InstalledRules(List.of(), List.of());

  private final List<InstalledRule> rules;
  private final List<String> disabled;

  private InstalledRules(List<InstalledRule> rules, List<String> disabled) {
    this.rules = List.copyOf(rules);
    this.disabled = List.copyOf(disabled);
  }

  /**
   * The rules of the providers {@code loader} finds, built with {@code config}, less those named
   * in {@code disabledRules}.
   *
   * @throws GateException if a provider cannot be loaded or fails to build its rules, if two
   *     rules share a name or one takes a built-in rule's name, or if {@code disabledRules} names
   *     a rule that is not installed
   */
  public static InstalledRules load(ClassLoader loader, GateConfig config,
      List<String> disabledRules) throws GateException {
    Map<String, InstalledRule> byName = new LinkedHashMap<>();
    for (RetryOwnerRuleProvider provider : providers(loader)) {
      for (InstalledRule installed : rulesOf(provider, config)) {
        add(byName, installed);
      }
    }
    Set<String> disabled = new LinkedHashSet<>(disabledRules);
    for (String name : disabled) {
      if (!byName.containsKey(name)) {
        String installed = byName.isEmpty() ? "none" : String.join(", ", byName.keySet());
        throw new GateException(frontEnd -> "retry-owner: disableRules names '" + name
            + "', which is not a custom rule; installed custom rules: " + installed
            + ". Built-in rules are not disabled this way: baseline or exempt their"
            + " violations. Fix " + frontEnd.whereSet(GateOption.DISABLE_RULES) + ".");
      }
    }
    List<InstalledRule> enabled = byName.values().stream()
        .filter(rule -> !disabled.contains(rule.rule().name())).toList();
    return new InstalledRules(enabled, List.copyOf(disabled));
  }

  private static List<RetryOwnerRuleProvider> providers(ClassLoader loader) throws GateException {
    List<RetryOwnerRuleProvider> providers = new ArrayList<>();
    try {
      ServiceLoader.load(RetryOwnerRuleProvider.class, loader).forEach(providers::add);
    } catch (ServiceConfigurationError e) {
      throw new GateException("retry-owner: cannot load a custom rule provider: " + e.getMessage()
          + ". Check the META-INF/services/" + RetryOwnerRuleProvider.class.getName()
          + " file of the rule jars added as plugin dependencies: each line must name a public"
          + " class with a public no-argument constructor implementing "
          + RetryOwnerRuleProvider.class.getSimpleName() + ".", e);
    }
    return providers;
  }

  private static List<InstalledRule> rulesOf(RetryOwnerRuleProvider provider, GateConfig config)
      throws GateException {
    String name = provider.getClass().getName();
    String origin = origin(provider.getClass());
    List<CustomRule> rules;
    try {
      rules = provider.rules(config);
    } catch (RuntimeException | LinkageError e) {
      throw new GateException("retry-owner: the custom rule provider " + name + " from " + origin
          + " failed to build its rules: " + e + ". Fix the provider or remove its jar from the"
          + " plugin's dependencies.", e);
    }
    if (rules == null || rules.stream().anyMatch(Objects::isNull)) {
      throw new GateException("retry-owner: the custom rule provider " + name + " from " + origin
          + " returned " + (rules == null ? "null" : "a null rule") + "; rules(config) must return"
          + " a list of rules (empty for none).");
    }
    return rules.stream().map(rule -> new InstalledRule(rule, name, origin)).toList();
  }

  private static void add(Map<String, InstalledRule> byName, InstalledRule installed)
      throws GateException {
    String name = installed.rule().name();
    if (RuleRegistry.byName(name).isPresent()) {
      throw new GateException("retry-owner: the custom rule " + installed.describe()
          + " has the name of a built-in retry-owner rule; give it another name.");
    }
    InstalledRule first = byName.putIfAbsent(name, installed);
    if (first != null) {
      throw new GateException("retry-owner: two custom rules are named " + name + ": one of "
          + first.source() + ", one of " + installed.source() + "; rename one, as reports,"
          + " baselines and exemptions tell rules apart by name.");
    }
  }

  private static String origin(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    return source == null || source.getLocation() == null ? "an unknown location"
        : source.getLocation().toString();
  }

  /** The rules that run, in the order the providers list them. */
  public List<InstalledRule> rules() {
    return rules;
  }

  /**
   * The names an exemption may use beside the built-in rules: every installed custom rule,
   * including those turned off with disableRules (an exemption for a rule that is off is still
   * valid).
   */
  public Set<String> names() {
    Set<String> names = new LinkedHashSet<>(disabled);
    rules.forEach(installed -> names.add(installed.rule().name()));
    return Set.copyOf(names);
  }

  /** The rules as the reports describe them. */
  public List<RuleDescriptor> descriptors() {
    return rules.stream().map(installed -> installed.rule().descriptor()).toList();
  }

  /** Info lines for the build log: which custom rules run and where they come from. */
  public List<String> describe() {
    List<String> lines = new ArrayList<>();
    rules.forEach(installed -> lines.add("retry-owner: custom rule " + installed.describe()));
    if (!disabled.isEmpty()) {
      lines.add("retry-owner: custom rules off (disableRules): " + String.join(", ", disabled));
    }
    return lines;
  }

  /**
   * The findings of every rule on {@code classes}.
   *
   * @throws GateException if a rule throws, naming the rule and its provider
   */
  public List<Finding> findings(JavaClasses classes) throws GateException {
    List<Finding> findings = new ArrayList<>();
    for (InstalledRule installed : rules) {
      try {
        findings.addAll(CustomRuleFindings.findings(installed.rule(), classes));
      } catch (RuntimeException | AssertionError | LinkageError e) {
        throw new GateException(frontEnd -> "retry-owner: the custom rule "
            + installed.describe() + " failed: " + e + ". Fix the rule, or turn it off: name "
            + installed.rule().name() + " in " + frontEnd.whereSet(GateOption.DISABLE_RULES)
            + ".", e);
      }
    }
    return findings;
  }
}
