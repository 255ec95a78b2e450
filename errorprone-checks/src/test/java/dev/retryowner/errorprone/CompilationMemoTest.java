package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.tools.javac.api.BasicJavacTask;
import com.sun.tools.javac.api.JavacTool;
import com.sun.tools.javac.code.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompilationMemoTest {
  private final CompilationMemo<String, Integer> memo = new CompilationMemo<>();
  private final List<String> computed = new ArrayList<>();

  private static Types newCompilation() {
    BasicJavacTask task = (BasicJavacTask) JavacTool.create()
        .getTask(null, null, null, null, null, null);
    return Types.instance(task.getContext());
  }

  private Integer length(String key) {
    computed.add(key);
    return key.length();
  }

  @Test
  void withinOneCompilationEachKeyIsComputedOnce() {
    Types compilation = newCompilation();

    assertThat(memo.get("retry", compilation, this::length)).isEqualTo(5);
    assertThat(memo.get("retry", compilation, this::length)).isEqualTo(5);
    assertThat(memo.get("sleep!", compilation, this::length)).isEqualTo(6);

    assertThat(computed).containsExactly("retry", "sleep!");
  }

  @Test
  void anotherCompilationForgetsTheEarlierAnswers() {
    Types first = newCompilation();
    Types second = newCompilation();
    String key = "retry";

    memo.get(key, first, this::length);
    memo.get(key, second, this::length);
    memo.get(key, second, this::length);

    assertThat(computed).containsExactly("retry", "retry");
  }
}
