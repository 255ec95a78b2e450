package dev.retryowner.archrules.spi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.RuleDescriptor;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CustomRuleTest {
  private static final ArchRule NO_EXIT =
      noClasses().should().callMethod(System.class, "exit", int.class);

  @Test
  void itsDescriptorSummarizesTheRuleByItsArchUnitDescription() {
    RuleDescriptor descriptor = new CustomRule("NoSystemExit", NO_EXIT,
        "Throw an exception instead.", "https://wiki.acme.test/NoSystemExit").descriptor();

    assertThat(descriptor.name()).isEqualTo("NoSystemExit");
    assertThat(descriptor.summary())
        .isEqualTo("no classes should call method System.exit(int)");
    assertThat(descriptor.fix()).isEqualTo("Throw an exception instead.");
    assertThat(descriptor.documentation()).contains("https://wiki.acme.test/NoSystemExit");
    assertThat(descriptor.engines()).isEqualTo(Set.of(Engine.ARCHUNIT));
  }

  @Test
  void aNameThatIsNotCamelCaseIsRefused() {
    assertThatThrownBy(() -> new CustomRule("no-system-exit", NO_EXIT, "Fix.", "docs/x.md"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be CamelCase")
        .hasMessageContaining("'no-system-exit'");
  }

  @Test
  void aMissingFixOrDocumentationIsRefusedNamingTheRule() {
    assertThatThrownBy(() -> new CustomRule("NoSystemExit", NO_EXIT, " ", "docs/x.md"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NoSystemExit needs its fix");
    assertThatThrownBy(() -> new CustomRule("NoSystemExit", NO_EXIT, "Fix.", "a\nb"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NoSystemExit needs its documentation");
    assertThatThrownBy(() -> new CustomRule("NoSystemExit", null, "Fix.", "docs/x.md"))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("NoSystemExit");
  }
}
