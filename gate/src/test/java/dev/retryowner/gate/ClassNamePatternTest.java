package dev.retryowner.gate;

import dev.retryowner.gate.ClassNamePattern;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClassNamePatternTest {
  @Test
  void aNameWithoutWildcardsIsThatClassOnly() {
    ClassNamePattern pattern = ClassNamePattern.parse("com.acme.Foo");

    assertThat(pattern.matches("com.acme.Foo")).isTrue();
    assertThat(pattern.matches("com.acme.FooBar")).isFalse();
    assertThat(pattern.matches("com.acme.sub.Foo")).isFalse();
  }

  @Test
  void aStarStaysWithinOneSegment() {
    ClassNamePattern pattern = ClassNamePattern.parse("com.acme.*");

    assertThat(pattern.matches("com.acme.Foo")).isTrue();
    assertThat(pattern.matches("com.acme.sub.Foo")).isFalse();
    assertThat(ClassNamePattern.parse("com.acme.*Grpc").matches("com.acme.OrdersGrpc")).isTrue();
    assertThat(ClassNamePattern.parse("com.acme.*Grpc").matches("com.acme.Orders")).isFalse();
    assertThat(ClassNamePattern.parse("com.acme.Fo?").matches("com.acme.Foo")).isTrue();
    assertThat(ClassNamePattern.parse("com.acme.Fo?").matches("com.acme.Fooo")).isFalse();
  }

  @Test
  void aDoubleStarSpansAnyNumberOfSegments() {
    assertThat(ClassNamePattern.parse("com.acme.**").matches("com.acme.a.b.Foo")).isTrue();
    assertThat(ClassNamePattern.parse("com.acme.**").matches("com.other.Foo")).isFalse();
    assertThat(ClassNamePattern.parse("**.generated.**").matches("generated.Foo")).isTrue();
    assertThat(ClassNamePattern.parse("**.generated.**").matches("com.acme.generated.v1.Foo"))
        .isTrue();
    assertThat(ClassNamePattern.parse("**.generated.**").matches("com.acme.Generated")).isFalse();
    assertThat(ClassNamePattern.parse("**.*Test").matches("FooTest")).isTrue();
    assertThat(ClassNamePattern.parse("**").matches("com.acme.Foo")).isTrue();
  }

  @Test
  void aFilePatternIsRejectedWithTheClassNameForm() {
    assertThatThrownBy(() -> ClassNamePattern.parse("com/acme/**/*.class"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'com/acme/**/*.class' is a file pattern; write a class name pattern with"
            + " dots instead, e.g. com.acme.generated.** or **.*Grpc");
  }

  @Test
  void aMalformedSegmentIsRejectedNamingIt() {
    assertThatThrownBy(() -> ClassNamePattern.parse("com..acme"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("segment '' is neither a name");
    assertThatThrownBy(() -> ClassNamePattern.parse("com.a-b.**"))
        .hasMessageContaining("segment 'a-b'");
    assertThatThrownBy(() -> ClassNamePattern.parse("com.***.Foo"))
        .hasMessageContaining("segment '***'");
  }
}
