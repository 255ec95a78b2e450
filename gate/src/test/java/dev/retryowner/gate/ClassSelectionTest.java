package dev.retryowner.gate;

import dev.retryowner.gate.ClassSelection;
import dev.retryowner.gate.GateException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClassSelectionTest {
  @Test
  void withoutPatternsEveryClassIsChecked() {
    assertThat(ClassSelection.ALL.selects("com.acme.Foo")).isTrue();
    assertThat(ClassSelection.ALL.selects("Foo$1")).isTrue();
  }

  @Test
  void includesKeepOnlyTheirClassesAndExcludesWin() throws GateException {
    ClassSelection selection = ClassSelection.of(List.of("com.acme.**"),
        List.of("**.generated.**"));

    assertThat(selection.selects("com.acme.billing.Invoice")).isTrue();
    assertThat(selection.selects("com.other.Invoice")).isFalse();
    assertThat(selection.selects("com.acme.generated.InvoiceDto")).isFalse();
  }

  @Test
  void nestedAndAnonymousClassesFollowTheirTopLevelClass() throws GateException {
    ClassSelection selection = ClassSelection.of(List.of(), List.of("**.*Grpc"));

    assertThat(selection.selects("com.acme.OrdersGrpc$OrdersStub")).isFalse();
    assertThat(selection.selects("com.acme.OrdersGrpc$1")).isFalse();
    assertThat(selection.selects("com.acme.Orders$Grpc")).isTrue();
  }

  @Test
  void aMalformedPatternIsAnErrorNamingTheParameterAndTheFixInTheFrontEndsWords() {
    GateException error = catchThrowableOfType(GateException.class,
        () -> ClassSelection.of(List.of(), List.of("**/generated/**")));

    assertThat(error).hasMessageStartingWith("retry-owner: invalid excludes: '**/generated/**'"
        + " is a file pattern").hasMessageEndingWith("Fix the excludes setting.");
    assertThat(error.messageIn(FrontEnd.MAVEN))
        .endsWith("Fix <exclude> (or -Dretryowner.excludes).");
    assertThat(error.messageIn(FrontEnd.COMMAND_LINE)).endsWith("Fix --excludes.");
  }

  @Test
  void patternsThatMatchNoneOfTheClassesAreWarnings() throws GateException {
    ClassSelection selection = ClassSelection.of(List.of("com.acme.**", "org.typo.**"),
        List.of("**.generated.**"));

    assertThat(selection.warnings(List.of("com.acme.Foo", "com.acme.generated.Bar$1")))
        .containsExactly("includes pattern 'org.typo.**' matches none of the 2 classes; check"
            + " its spelling (a class name pattern such as com.acme.** or **.*Grpc) or remove it");
  }
}
