import { useEffect, useState } from "react";
import { skillsBackend, type SkillsBackend, type SkillView } from "../bridge/skills";

interface Props {
  backend?: SkillsBackend;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * SkillsSection lists the Agent Skills the model is offered (the user's and
 * the trusted workspace's SKILL.md folders); a skill turned off is neither
 * listed to the model nor loadable by the skill tool.
 */
export function SkillsSection({ backend = skillsBackend }: Props) {
  const [skills, setSkills] = useState<SkillView[] | null>(null);
  const [busy, setBusy] = useState("");
  const [error, setError] = useState("");

  useEffect(() => {
    let live = true;
    backend.listSkills().then(
      (s) => live && setSkills(s),
      (e: unknown) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
  }, [backend]);

  const toggle = async (name: string, enabled: boolean) => {
    setBusy(name);
    setError("");
    try {
      setSkills(await backend.setSkillEnabled(name, enabled));
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy("");
    }
  };

  return (
    <section aria-labelledby="skills-title">
      <h2 id="skills-title">Skills</h2>
      {error && <p role="alert" className="notice error">{error}</p>}
      {skills === null && !error && <p role="status">Loading…</p>}
      {skills?.length === 0 && (
        <p className="hint">No skills yet: a folder with a SKILL.md under .claude/skills, .agents/skills or .hearth/skills (in the workspace or your home) adds one.</p>
      )}
      {skills && skills.length > 0 && (
        <ul className="skills-list">
          {skills.map((s) => (
            <li key={`${s.scope}:${s.name}`}>
              <label>
                <input type="checkbox" checked={s.enabled} disabled={busy !== ""} onChange={(e) => void toggle(s.name, e.target.checked)} />
                <strong>{s.name}</strong> <span className="hint">({s.scope})</span>
              </label>
              <p className="hint">{s.description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
