package dev.retryowner.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.javaparser.ParserConfiguration.LanguageLevel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SourceSettingsTest {
  @Test
  void theBuildsEncodingAndReleaseAreUsed() {
    SourceSettings settings = SourceSettings.of("ISO-8859-1", "21");

    assertThat(settings.encoding()).isEqualTo(StandardCharsets.ISO_8859_1);
    assertThat(settings.release()).hasValue(21);
    assertThat(settings.languageLevel()).isEqualTo(LanguageLevel.JAVA_21);
    assertThat(SourceSettings.of(null, "17").languageLevel()).isEqualTo(LanguageLevel.JAVA_17);
    assertThat(SourceSettings.of(null, "1.8").languageLevel()).isEqualTo(LanguageLevel.JAVA_8);
    assertThat(SourceSettings.of(null, "1.4").languageLevel()).isEqualTo(LanguageLevel.JAVA_8);
  }

  @Test
  void unsetValuesTakeUtf8AndTheNewestReleaseTheParserKnows() {
    SourceSettings unset = SourceSettings.of(null, " ");

    assertThat(unset).isEqualTo(SourceSettings.DEFAULT);
    assertThat(unset.encoding()).isEqualTo(StandardCharsets.UTF_8);
    assertThat(unset.release()).isEmpty();
    assertThat(unset.languageLevel()).isGreaterThan(LanguageLevel.JAVA_21);
    assertThat(SourceSettings.of(null, "999").languageLevel())
        .isEqualTo(SourceSettings.DEFAULT.languageLevel());
  }

  @Test
  void aBadEncodingOrReleaseIsAnErrorSayingTheFix() {
    assertThatThrownBy(() -> SourceSettings.of("UTF-99", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-owner: unknown source encoding 'UTF-99'; name a charset, e.g. UTF-8"
            + " or ISO-8859-1.")
        .extracting(e -> ((SourceSettings.InvalidSetting) e).setting()).isEqualTo("sourceEncoding");
    assertThatThrownBy(() -> SourceSettings.of(null, "twenty-one"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-owner: Java release 'twenty-one' is not a release number; name one,"
            + " e.g. 17 or 21.")
        .extracting(e -> ((SourceSettings.InvalidSetting) e).setting()).isEqualTo("javaRelease");
  }
}
