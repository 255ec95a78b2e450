package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.MemberCode.ClassBody;
import dev.retryowner.catalog.MemberCode.Member;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MemberCodeTest {
  private static final String SOURCE = """
      package a.b;

      import java.util.function.Supplier;

      @Tags({@Tag("x"), @Tag("y")})
      public class Sender<T> extends Base implements Runnable {
        private static final int[] CODES = {500, 503};
        private final Supplier<String> name = () -> { return "}"; };
        private final Runnable anonymous = new Runnable() {
          @Override public void run() { tick(); }
        };
        static { CODES[0] = 502; }
        { counter = 0; }

        Sender(int x) throws Exception { super(x); }

        @SuppressWarnings(value = {"unchecked"})
        @a.b.Marked(Object.class)
        public <R> R send(T message) throws java.io.IOException {
          char open = '{'; // }
          String block = \"""
              } {
              \""";
          if (open == '{') { return null; }
          return (R) message;
        }

        abstract void later();

        class Inner { void inner() { new Object() { void hidden() {} }; } }

        enum Mode { FAST(1) { int speed() { return 2; } }, SLOW(0); Mode(int s) {} int speed() { return 1; } }

        record Pair(int a, int b) { Pair { check(a); } int sum() { return a + b; } }

        interface Hook { default void call() { } void other(); }
      }
      """;

  /**
   * Field initializers, initializer blocks and constructors hold code but are no methods; an
   * enum constant's class body counts as one member, like a method's body with its classes.
   */
  @Test
  void findsEveryMemberThatHoldsCode() {
    List<Member> members = MemberCode.of(SOURCE).orElseThrow().members();
    assertThat(members).extracting(Member::name).containsExactly(
        "", "", "", "", "", "Sender", "send", "inner", "FAST", "Mode", "speed", "", "sum", "call");
    assertThat(members).extracting(Member::isMethod).containsExactly(
        false, false, false, false, false, false, true, true, true, false, true, false, true,
        true);
  }

  @Test
  void aMethodsBodyRunsBetweenItsBraces() {
    Member send = MemberCode.of(SOURCE).orElseThrow().members().stream()
        .filter(member -> member.name().equals("send")).findFirst().orElseThrow();
    assertThat(SOURCE.charAt(send.codeOpen())).isEqualTo('{');
    assertThat(SOURCE.charAt(send.codeClose())).isEqualTo('}');
    assertThat(SOURCE.substring(send.codeOpen(), send.codeClose() + 1))
        .startsWith("{\n    char open").endsWith("return (R) message;\n  }");
    assertThat(SOURCE.substring(send.start(), send.codeOpen()).strip())
        .startsWith("@SuppressWarnings").endsWith("throws java.io.IOException");
    assertThat(send.end()).isEqualTo(send.codeClose() + 1);
  }

  @Test
  void aFieldInitializerRunsToItsSemicolon() {
    Member name = MemberCode.of(SOURCE).orElseThrow().members().get(1);
    assertThat(SOURCE.substring(name.start(), name.end()).strip())
        .isEqualTo("private final Supplier<String> name = () -> { return \"}\"; };");
    assertThat(SOURCE.substring(name.codeOpen(), name.codeClose()))
        .isEqualTo("= () -> { return \"}\"; }");
  }

  @Test
  void anInitializerBlocksCodeIsItsBody() {
    Member block = MemberCode.of(SOURCE).orElseThrow().members().get(3);
    assertThat(SOURCE.substring(block.codeOpen(), block.codeClose() + 1))
        .isEqualTo("{ CODES[0] = 502; }");
  }

  @Test
  void recordIsAKeywordOnlyBeforeATypesName() {
    List<Member> members = MemberCode.of(
        "class A { Object record() { return record; } void use(A record) { } }").orElseThrow()
        .members();
    assertThat(members).extracting(Member::name).containsExactly("record", "use");
    assertThat(members).allMatch(Member::isMethod);
  }

  @Test
  void eachClassBodyNamesTheMethodsItDeclares() {
    List<ClassBody> bodies = MemberCode.of(SOURCE).orElseThrow().classBodies();

    assertThat(bodies).extracting(ClassBody::methodNames).containsExactly(
        Set.of("Sender", "send", "later"),
        Set.of("inner"),
        Set.of("FAST", "SLOW", "Mode", "speed"),
        Set.of("sum"),
        Set.of("call", "other"));
    assertThat(bodies).extracting(ClassBody::name)
        .containsExactly("Sender", "Inner", "Mode", "Pair", "Hook");
    assertThat(SOURCE.substring(bodies.get(3).declarationStart(), bodies.get(3).close() + 1)
        .strip()).isEqualTo("record Pair(int a, int b) { Pair { check(a); } int sum() { return a"
            + " + b; } }");
  }

  @Test
  void bracesThatDoNotBalanceGiveNoAnswer() {
    assertThat(MemberCode.of("class A { void m() { }")).isEmpty();
    assertThat(MemberCode.of("class A { } }")).isEmpty();
  }
}
