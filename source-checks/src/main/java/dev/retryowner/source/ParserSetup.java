package dev.retryowner.source;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.Processor;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.validator.postprocessors.Java10PostProcessor;

/**
 * The JavaParser configuration the source checks parse with. After each parse JavaParser checks
 * the tree against its language level's validators: some thirty walks of every tree that reject
 * what javac already rejected when it compiled these sources, and as costly as the parse itself
 * on B6. They are left out. The level still shapes the grammar ({@code yield}), and its
 * post-processor (a {@code var} declaration's type, Java 10 on) still runs. No check reads a
 * comment, so comments are not attributed to nodes either.
 */
final class ParserSetup {
  /** The index of the processor that applies the language level; -1 if none was found. */
  private static final int LEVEL_PROCESSOR = levelProcessorIndex();

  private ParserSetup() {}

  /**
   * The configuration for the settings; with {@code readsVar} false, {@code var} is not read as
   * a declaration's type, for sources whose code does not hold the word.
   */
  static ParserConfiguration configuration(SourceSettings settings, boolean readsVar) {
    LanguageLevel level = settings.languageLevel();
    ParserConfiguration configuration = new ParserConfiguration().setLanguageLevel(level)
        .setAttributeComments(false);
    if (LEVEL_PROCESSOR >= 0) {
      boolean hasVar = readsVar && level.compareTo(LanguageLevel.JAVA_10) >= 0;
      configuration.getProcessors().set(LEVEL_PROCESSOR, () -> new Processor() {
        @Override
        public void postProcess(ParseResult<? extends Node> result,
            ParserConfiguration parsedWith) {
          if (hasVar) {
            new Java10PostProcessor().postProcess(result, parsedWith);
          }
        }
      });
    }
    return configuration;
  }

  /**
   * Which of a configuration's processors applies the language level: the one without which a
   * tree its level forbids (a generic class at Java 1.0) parses with no problem. If there is
   * none (a JavaParser whose processors changed), the validators stay: slower, and as correct.
   */
  private static int levelProcessorIndex() {
    int count = new ParserConfiguration().getProcessors().size();
    for (int i = 0; i < count; i++) {
      ParserConfiguration javaOne = new ParserConfiguration()
          .setLanguageLevel(LanguageLevel.JAVA_1_0);
      javaOne.getProcessors().set(i, Processor::new);
      ParseResult<CompilationUnit> generic = new JavaParser(javaOne).parse("class Probe<T> {}");
      if (generic.isSuccessful()) {
        return i;
      }
    }
    return -1;
  }
}
