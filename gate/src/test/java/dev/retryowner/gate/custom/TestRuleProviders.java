package dev.retryowner.gate.custom;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.retryowner.archrules.spi.CustomRule;
import dev.retryowner.archrules.spi.RetryOwnerRuleProvider;
import dev.retryowner.catalog.GateConfig;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule providers for the tests, each registered in its own {@code custom-rules/<case>} test
 * resource directory: {@link #loader} makes a class loader that sees the chosen ones, as the
 * plugin's realm sees the rule jars a POM adds.
 */
public final class TestRuleProviders {
  /** The documentation link of {@link SleepRules}' rule. */
  public static final String SLEEP_DOCS = "https://wiki.acme.test/rules/NoThreadSleep";

  private TestRuleProviders() {}

  /** A class loader offering the providers registered under {@code custom-rules/<case>}. */
  public static ClassLoader loader(String... cases) {
    List<URL> urls = new ArrayList<>();
    for (String name : cases) {
      URL directory = TestRuleProviders.class.getResource("/custom-rules/" + name + "/");
      if (directory == null) {
        throw new IllegalArgumentException("no test resource directory custom-rules/" + name);
      }
      urls.add(directory);
    }
    return new URLClassLoader(urls.toArray(URL[]::new), TestRuleProviders.class.getClassLoader());
  }

  /** NoThreadSleep: no class calls Thread.sleep(long). */
  public static final class SleepRules implements RetryOwnerRuleProvider {
    @Override
    public List<CustomRule> rules(GateConfig config) {
      return List.of(new CustomRule("NoThreadSleep",
          noClasses().should().callMethod(Thread.class, "sleep", long.class),
          "Let the job layer wait: snooze the job instead of sleeping.", SLEEP_DOCS));
    }
  }

  /** Another NoThreadSleep. */
  public static final class OtherSleepRules implements RetryOwnerRuleProvider {
    @Override
    public List<CustomRule> rules(GateConfig config) {
      return List.of(new CustomRule("NoThreadSleep",
          noClasses().should().callMethod(Thread.class, "sleep", long.class, int.class),
          "Do not sleep.", "docs/NoThreadSleep.md"));
    }
  }

  /** A rule named like a built-in one. */
  public static final class BuiltInNameRules implements RetryOwnerRuleProvider {
    @Override
    public List<CustomRule> rules(GateConfig config) {
      return List.of(new CustomRule("RetryOutsideJobs",
          noClasses().should().callMethod(Thread.class, "yield"), "Fix.", "docs/x.md"));
    }
  }

  /** A provider that fails to build its rules. */
  public static final class BrokenProvider implements RetryOwnerRuleProvider {
    @Override
    public List<CustomRule> rules(GateConfig config) {
      throw new IllegalStateException("no rules today");
    }
  }

  /** NamelessFinding: one violation per run that names no class. */
  public static final class UnlocatableRules implements RetryOwnerRuleProvider {
    @Override
    public List<CustomRule> rules(GateConfig config) {
      ArchCondition<JavaClass> textOnly = new ArchCondition<>("be described in words") {
        private boolean reported;

        @Override
        public void check(JavaClass item, ConditionEvents events) {
          if (!reported) {
            reported = true;
            events.add(SimpleConditionEvent.violated("words", "the layering is off"));
          }
        }
      };
      return List.of(new CustomRule("NamelessFinding", classes().should(textOnly), "Fix.",
          "docs/x.md"));
    }
  }

  /** A rule whose {@code that()} matches no class, which ArchUnit fails by default. */
  public static final class EmptyThatRules implements RetryOwnerRuleProvider {
    @Override
    public List<CustomRule> rules(GateConfig config) {
      return List.of(new CustomRule("NothingChecked",
          noClasses().that().resideInAPackage("com.nowhere..").should()
              .callMethod(System.class, "exit", int.class), "Fix.", "docs/x.md"));
    }
  }

  /** A provider that returns no list. */
  public static final class NullProvider implements RetryOwnerRuleProvider {
    @Override
    public List<CustomRule> rules(GateConfig config) {
      return null;
    }
  }

  /** A provider whose rule throws while it is evaluated. */
  public static final class ThrowingRuleProvider implements RetryOwnerRuleProvider {
    @Override
    public List<CustomRule> rules(GateConfig config) {
      ArchCondition<JavaClass> throwing = new ArchCondition<>("be checkable") {
        @Override
        public void check(JavaClass item, ConditionEvents events) {
          throw new IllegalStateException("cannot check " + item.getName());
        }
      };
      return List.of(new CustomRule("Unlucky", classes().should(throwing), "Fix.", "docs/x.md"));
    }
  }
}
