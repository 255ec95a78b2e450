package dev.retryowner.source;

import static dev.retryowner.source.SourceTree.lineOf;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lines javac 17's LineNumberTable gives these instructions (read with {@code javap -l} from
 * this very source): each construction {@code new An()} belongs to the line ending in
 * {@code // An}, the references ({@code A9::new} too) and the call to the lines ending in their
 * names.
 */
class InstructionLinesTest {
  private static final String SOURCE = """
      import java.util.List;
      import java.util.function.Supplier;

      class Lines {
        static class A1 {} static class A2 {} static class A3 {} static class A4 {}
        static class A5 {} static class A6 {} static class A7 {} static class A8 {}
        static class A9 {} static class A10 {} static class A11 {}

        @Deprecated // A4
        private final Object field =
            new A4();

        void run(boolean flag) {
          foo(1, // A1
              new A1());
          Object s = // A2
              f(new A2());
          g(x()
              .y(), // A3
              new A3());
          Supplier<Object> lambda = () ->
              new A5(); // A5
          Object o = flag
              ? new A6() // A6
              : new A7(); // A7
          for (Object e :
              list(new A8())) { // A8
          }
          Lines builder = this;
          Supplier<String> r =
              builder::toString; // bound
          Supplier<A9> u = // A9
              A9::new;
          while (check( // A10
              new A10())) {
          }
          x() // A11
              .y( // y
                  new A11());
        }
      }
      """;
  private static final CompilationUnit UNIT = StaticJavaParser.parse(SOURCE);

  @Test
  void aConstructionBelongsToTheLastLinePointBeforeItInEvaluationOrder() {
    List<ObjectCreationExpr> creations = UNIT.findAll(ObjectCreationExpr.class);
    assertThat(creations).hasSize(10);
    for (ObjectCreationExpr creation : creations) {
      String type = creation.getType().getNameAsString();

      assertThat(InstructionLines.of(creation)).as(type).isEqualTo(lineOf(SOURCE, type));
    }
  }

  @Test
  void aCallSitsAtItsParenthesisAndABoundReferenceAtItsQualifier() {
    MethodCallExpr y = UNIT.findAll(MethodCallExpr.class, c -> c.getNameAsString().equals("y"))
        .get(1);
    MethodReferenceExpr bound = UNIT.findFirst(MethodReferenceExpr.class,
        r -> r.getIdentifier().equals("toString")).orElseThrow();
    MethodReferenceExpr constructor = UNIT.findFirst(MethodReferenceExpr.class,
        r -> r.getIdentifier().equals("new")).orElseThrow();

    assertThat(InstructionLines.of(y)).isEqualTo(lineOf(SOURCE, "y"));
    assertThat(InstructionLines.of(bound)).isEqualTo(lineOf(SOURCE, "bound"));
    assertThat(InstructionLines.of(constructor)).isEqualTo(lineOf(SOURCE, "A9"));
  }
}
