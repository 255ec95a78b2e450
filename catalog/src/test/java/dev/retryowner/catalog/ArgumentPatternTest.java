package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgumentPatternTest {
  private static CallArgument argument(String... canonicalForms) {
    return new CallArgument(Set.of(canonicalForms), Set.of(), "arg");
  }

  @Test
  void readsEveryFormAndRejectsOthers() {
    assertThat(ArgumentPattern.parse("*")).hasValueSatisfying(
        p -> assertThat(p.kind()).isEqualTo(ArgumentPattern.Kind.ANY));
    assertThat(ArgumentPattern.parse("false")).hasValueSatisfying(
        p -> assertThat(p.kind()).isEqualTo(ArgumentPattern.Kind.LITERAL));
    assertThat(ArgumentPattern.parse("007")).hasValueSatisfying(
        p -> assertThat(p.text()).isEqualTo("7"));
    assertThat(ArgumentPattern.parse("feign.Retryer#NEVER_RETRY")).hasValueSatisfying(
        p -> assertThat(p.kind()).isEqualTo(ArgumentPattern.Kind.STATIC_FIELD));
    assertThat(ArgumentPattern.parse("a.B$C#none()")).hasValueSatisfying(p -> {
      assertThat(p.kind()).isEqualTo(ArgumentPattern.Kind.STATIC_CALL);
      assertThat(p.ownerType()).contains("a.B$C");
    });
    assertThat(ArgumentPattern.parse("NEVER_RETRY")).isEmpty();
    assertThat(ArgumentPattern.parse("a.B#none(1)")).isEmpty();
    assertThat(ArgumentPattern.parse("0.5")).isEmpty();
  }

  @Test
  void literalsMatchByValueWhateverTheirSpelling() {
    ArgumentPattern zero = ArgumentPattern.parse("0").orElseThrow();

    assertThat(zero.accepts(argument(ArgumentPattern.canonical(0L).orElseThrow()))).isTrue();
    assertThat(zero.accepts(argument(ArgumentPattern.canonical(0).orElseThrow()))).isTrue();
    assertThat(zero.accepts(argument("1"))).isFalse();
    assertThat(zero.accepts(argument())).as("not a constant").isFalse();
    assertThat(ArgumentPattern.canonical(0.0)).isEmpty();
    assertThat(ArgumentPattern.canonical("0")).isEmpty();
  }

  @Test
  void anyAcceptsNonConstantsAndCannotBeWrittenOut() {
    ArgumentPattern any = ArgumentPattern.parse("*").orElseThrow();

    assertThat(any.accepts(argument())).isTrue();
    assertThat(any.isConstant()).isFalse();
  }

  @Test
  void writesStaticMembersWithTheOwnerTheCallerChooses() {
    assertThat(ArgumentPattern.parse("feign.Retryer#NEVER_RETRY").orElseThrow()
        .javaSource(owner -> owner.substring(owner.lastIndexOf('.') + 1)))
        .isEqualTo("Retryer.NEVER_RETRY");
    assertThat(ArgumentPattern.parse("a.B$C#none()").orElseThrow().javaSource(o -> o))
        .isEqualTo("a.B$C.none()");
    assertThat(ArgumentPattern.parse("false").orElseThrow().javaSource(o -> o)).isEqualTo("false");
  }
}
