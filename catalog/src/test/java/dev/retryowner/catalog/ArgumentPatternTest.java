package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
  void readsAConstructionWithPatternsForItsArguments() {
    assertThat(ArgumentPattern.parse("a.b.Strategy(0, *)")).hasValueSatisfying(p -> {
      assertThat(p.kind()).isEqualTo(ArgumentPattern.Kind.CONSTRUCTION);
      assertThat(p.text()).isEqualTo("a.b.Strategy(0,*)");
      assertThat(p.arguments()).extracting(ArgumentPattern::kind)
          .containsExactly(ArgumentPattern.Kind.LITERAL, ArgumentPattern.Kind.ANY);
      assertThat(p.isConstant()).as("* cannot be written out").isFalse();
      assertThat(p).hasToString("new a.b.Strategy(0, …)");
    });
    assertThat(ArgumentPattern.parse("a.b.Outer$Policy(a.b.Delay(0),false)")).hasValueSatisfying(
        p -> {
          assertThat(p.arguments().get(0).kind()).isEqualTo(ArgumentPattern.Kind.CONSTRUCTION);
          assertThat(p.isConstant()).isTrue();
          assertThat(p.javaSource(o -> o.substring(o.lastIndexOf('.') + 1)))
              .isEqualTo("new Outer$Policy(new Delay(0), false)");
        });
    assertThat(ArgumentPattern.parse("a.b.None()")).hasValueSatisfying(
        p -> assertThat(p.arguments()).isEmpty());
    assertThat(ArgumentPattern.parse("Strategy(0)")).as("not fully qualified").isEmpty();
    assertThat(ArgumentPattern.parse("a.b.Strategy(maybe)")).isEmpty();
    assertThat(ArgumentPattern.parse("a.b.Strategy(0")).isEmpty();
  }

  @Test
  void aConstructionPatternAcceptsAConstructionOfItsTypeWithAcceptedArguments() {
    ArgumentPattern zeroRetries = ArgumentPattern.parse("a.b.Strategy(0,*)").orElseThrow();
    CallArgument zero = constructed("a.b.Strategy", argument("0"), argument());
    CallArgument three = constructed("a.b.Strategy", argument("3"), argument());
    CallArgument fromAVariable = constructed("a.b.Strategy", argument(), argument());
    CallArgument defaults = constructed("a.b.Strategy");
    CallArgument subclass = constructed("a.b.MyStrategy", argument("0"), argument());

    assertThat(zeroRetries.accepts(zero)).isTrue();
    assertThat(zeroRetries.accepts(three)).isFalse();
    assertThat(zeroRetries.accepts(defaults)).as("another constructor").isFalse();
    assertThat(zeroRetries.accepts(subclass)).as("exactly the type").isFalse();
    assertThat(zeroRetries.accepts(argument(ArgumentPattern.staticField("a.b.Strategy",
        "INSTANCE")))).isFalse();
    assertThat(zeroRetries.sees(three)).isTrue();
    assertThat(zeroRetries.sees(defaults)).isTrue();
    assertThat(zeroRetries.sees(argument("a.b.Strategy#INSTANCE"))).as("a constant").isTrue();
    assertThat(zeroRetries.sees(fromAVariable)).as("its retry count unknown").isFalse();
    assertThat(zeroRetries.sees(argument())).as("a variable").isFalse();
  }

  private static CallArgument constructed(String type, CallArgument... arguments) {
    return new CallArgument(Set.of(), Set.of(type), "new " + type + "(..)",
        List.of(new ClientCall(List.of(type, "java.lang.Object"), "", List.of(arguments))));
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
