package dev.retryowner.gate.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TabSeparatedLineTest {
  @Test
  void fieldsWithAndWithoutEscapesReadBackAsWritten() {
    assertThat(TabSeparatedLine.fields(TabSeparatedLine.of("file", "/src/A.java", "", "12")))
        .containsExactly("file", "/src/A.java", "", "12");
    assertThat(TabSeparatedLine.fields(
        TabSeparatedLine.of("warning", "a\ttab, a \\ backslash\nand a line break\r", "")))
        .containsExactly("warning", "a\ttab, a \\ backslash\nand a line break\r", "");
  }

  @Test
  void anEscapeNoLineIsWrittenWithIsRejected() {
    assertThatThrownBy(() -> TabSeparatedLine.fields("warning\tbad \\x"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\\x");
    assertThatThrownBy(() -> TabSeparatedLine.fields("warning\tends in \\"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lone backslash");
  }
}
