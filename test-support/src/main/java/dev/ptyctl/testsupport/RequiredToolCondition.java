package dev.ptyctl.testsupport;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link RequiresTool}: disables a test (or class) whose tools are missing and lists it, or,
 * when missing tools must fail ({@link Tools#requireAll}), lets it start and fails it before its first line.
 */
final class RequiredToolCondition implements ExecutionCondition, BeforeEachCallback {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        List<String> missing = Tools.missing(declared(context.getElement()));
        if (missing.isEmpty()) {
            return ConditionEvaluationResult.enabled("every tool it needs is installed");
        }
        if (Tools.requireAll()) {
            return ConditionEvaluationResult.enabled(Tools.reason(missing) + ": failing, not skipping");
        }
        MissingToolsReport.record(name(context), missing);
        return ConditionEvaluationResult.disabled(Tools.reason(missing));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (!Tools.requireAll()) {
            return; // missing tools disabled the test already
        }
        List<String> needed = new ArrayList<>(declared(context.getElement()));
        for (Class<?> c = context.getRequiredTestClass(); c != null; c = c.getEnclosingClass()) {
            needed.addAll(declared(Optional.of(c)));
        }
        List<String> missing = Tools.missing(needed.stream().distinct().toList());
        if (!missing.isEmpty()) {
            throw Tools.ciFailure(missing);
        }
    }

    private static List<String> declared(Optional<AnnotatedElement> element) {
        return element.flatMap(e -> AnnotationSupport.findAnnotation(e, RequiresTool.class))
                .map(annotation -> List.of(annotation.value())).orElse(List.of());
    }

    /** {@code RunE2eTest.vimEditsAFile}, or the class's name when the whole class is disabled. */
    private static String name(ExtensionContext context) {
        String type = context.getRequiredTestClass().getSimpleName();
        return context.getTestMethod().map(m -> type + "." + m.getName()).orElse(type);
    }
}
