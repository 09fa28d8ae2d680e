import { useBrand } from '../../features/brand/api/brand.ts';
import { useBrandTexts } from '../../features/brand/brand-texts.ts';
import { questionnaireHref } from '../../features/questionnaire/model/questionnaire.ts';
import { QuestionnairePage } from '../../features/questionnaire/components/questionnaire-page.tsx';
import { useSession } from '../../lib/auth.ts';

/**
 * /app/questionnaire: the questionnaire page with the brand's questionnaire address (two features,
 * composed here); none when the brand has none or the ordering setting disableQuestionnaire is set.
 */
export function QuestionnaireRoute() {
  const brand = useBrand();
  const texts = useBrandTexts(brand);
  const { status } = useSession();
  const settings = status?.user?.modules.ordering?.settings;
  return <QuestionnairePage url={texts ? questionnaireHref(texts.questionnaireUrl, settings) : undefined} />;
}
