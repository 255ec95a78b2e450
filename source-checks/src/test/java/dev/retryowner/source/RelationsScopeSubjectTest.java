package dev.retryowner.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.ScopeSubject;
import org.junit.jupiter.api.Test;

class RelationsScopeSubjectTest {
  private final TypeRelations exact = TypeRelations.exactNamesOnly();

  @Test
  void aNestedClassIsEnclosedByTheNameBeforeItsLastDollar() {
    ScopeSubject anonymous = new RelationsScopeSubject("com.acme.Outer$Inner$1", exact);

    assertThat(anonymous.enclosingClass()).hasValueSatisfying(inner -> {
      assertThat(inner.binaryName()).isEqualTo("com.acme.Outer$Inner");
      assertThat(inner.enclosingClass().map(ScopeSubject::binaryName))
          .contains("com.acme.Outer");
    });
  }

  @Test
  void aTopLevelClassHasNoEnclosingClassEvenWithADollarInItsPackage() {
    assertThat(new RelationsScopeSubject("com.acme.Outer", exact).enclosingClass()).isEmpty();
    assertThat(new RelationsScopeSubject("com.ac$me.Outer", exact).enclosingClass()).isEmpty();
  }

  @Test
  void supertypesLeaveOutTheClassItself() {
    assertThat(new RelationsScopeSubject("com.acme.Outer", exact).supertypes()).isEmpty();
  }
}
