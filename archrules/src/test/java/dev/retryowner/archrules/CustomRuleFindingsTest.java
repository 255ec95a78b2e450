package dev.retryowner.archrules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.retryowner.archrules.spi.CustomRule;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import dev.retryowner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CustomRuleFindingsTest {
  private static final JavaClasses CLASSES =
      new ClassFileImporter().importClasses(Exiting.class, Polite.class);
  private static final String SOURCE = "dev/retryowner/archrules/CustomRuleFindingsTest.java";

  static class Exiting {
    void stop() {
      System.exit(1); // the line CustomRuleFindingsTest expects
    }
  }

  static class Polite {
    void stop() {
      throw new IllegalStateException("stopping");
    }
  }

  private static List<Finding> findings(ArchRule rule) {
    return CustomRuleFindings.findings(
        new CustomRule("TeamRule", rule, "Fix it.", "docs/TeamRule.md"), CLASSES);
  }

  @Test
  void aCallIsFoundInItsMemberOnItsLine() throws IOException {
    List<Finding> findings =
        findings(noClasses().should().callMethod(System.class, "exit", int.class));

    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.rule()).isEqualTo("TeamRule");
      assertThat(f.className()).isEqualTo(Exiting.class.getName());
      assertThat(f.member()).isEqualTo("stop()");
      assertThat(f.sourcePath()).isEqualTo(SOURCE);
      assertThat(f.line()).isEqualTo(lineOf("System.exit(1);"));
      assertThat(f.site()).isEqualTo(Site.CALL);
      assertThat(f.target()).isEqualTo("java.lang.System");
      assertThat(f.message()).isEqualTo("Method <" + Exiting.class.getName() + ".stop()> calls"
          + " method <java.lang.System.exit(int)>");
    });
  }

  @Test
  void aRuleThatHoldsFindsNothing() {
    assertThat(findings(noClasses().should().callMethod(System.class, "gc"))).isEmpty();
  }

  @Test
  void aClassIsFoundInItsSourceFileWithoutALine() {
    List<Finding> findings =
        findings(classes().should().haveSimpleNameNotEndingWith("Exiting"));

    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.className()).isEqualTo(Exiting.class.getName());
      assertThat(f.member()).isEmpty();
      assertThat(f.sourcePath()).isEqualTo(SOURCE);
      assertThat(f.line()).isZero();
      assertThat(f.site()).isEqualTo(Site.DECLARATION);
      assertThat(f.message()).isEqualTo("Class <" + Exiting.class.getName() + "> has simple"
          + " name ending with 'Exiting'");
    });
  }

  @Test
  void aMemberIsFoundInItsClass() {
    List<Finding> findings = findings(noMethods().that().areDeclaredIn(Exiting.class)
        .should().haveName("stop"));

    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.className()).isEqualTo(Exiting.class.getName());
      assertThat(f.member()).isEqualTo("stop()");
      assertThat(f.site()).isEqualTo(Site.DECLARATION);
    });
  }

  @Test
  void aViolationOfNothingLocatableIsKeptWithItsMessage() {
    ArchCondition<JavaClass> unlocatable = new ArchCondition<>("be described by text") {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        if (item.isEquivalentTo(Exiting.class)) {
          events.add(SimpleConditionEvent.violated("just text", "something is off"));
        }
      }
    };

    assertThat(findings(classes().should(unlocatable))).singleElement().satisfies(f -> {
      assertThat(f.className()).isEmpty();
      assertThat(f.sourcePath()).isEmpty();
      assertThat(f.line()).isZero();
      assertThat(f.message()).isEqualTo("something is off");
    });
  }

  @Test
  void aBuiltInRuleRunAsACustomOneKeepsItsFindingsUnderTheCustomName() {
    ArchRule builtIn = RetryOwnerRules.retryOutsideJobs(Fixtures.gateConfig());

    List<Finding> findings = CustomRuleFindings.findings(
        new CustomRule("TeamRetries", builtIn, "Fix it.", "docs/TeamRetries.md"),
        FixtureClasses.all());

    assertThat(findings).isNotEmpty()
        .allSatisfy(f -> assertThat(f.rule()).isEqualTo("TeamRetries"));
    assertThat(findings).hasSameSizeAs(ArchFindings.findings(builtIn, FixtureClasses.all()));
  }

  private static int lineOf(String code) throws IOException {
    List<String> lines = Files.readAllLines(Path.of("src/test/java", SOURCE));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(code) && !lines.get(i).contains("lineOf")) {
        return i + 1;
      }
    }
    throw new AssertionError(code + " not in " + SOURCE);
  }
}
